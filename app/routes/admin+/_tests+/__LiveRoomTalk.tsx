// The live room's names behind its counts, and its message to everyone writing (issue 49: a live room that talks back).
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/ui";
import type { LoaderData } from "~/lib/browser/loader-data";
import { formatTime } from "~/lib/rules/time";
import type { liveRoomPage } from "~/models/live-room.server";

type Room = LoaderData<ReturnType<typeof liveRoomPage>>;

/** The names behind "Not started" and "Finished" (the first 300 of each, by name). */
export function WhoIsAbsent({ absent, notStarted, finished }: { absent: Room["absent"]; notStarted: number; finished: number }) {
  const list = (title: string, people: Room["absent"]["notStarted"], total: number, testId: string) => (
    <details className="card p-3 text-sm" data-testid={testId}>
      <summary className="cursor-pointer font-semibold">
        {title} ({total})
      </summary>
      {people.length ? (
        <ul className="mt-2 grid gap-x-4 gap-y-0.5 sm:grid-cols-2 lg:grid-cols-3">
          {people.map((p) => (
            <li key={`${p.name}-${p.signInName}`}>
              {p.name} <span className="text-xs text-slate-500">{p.signInName}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">Nobody.</p>
      )}
      {total > people.length ? <p className="mt-1 text-xs text-slate-500">The first {people.length}, by name.</p> : null}
    </details>
  );
  return (
    <div className="mb-4 grid gap-2 sm:grid-cols-2">
      {list("Not started", absent.notStarted, notStarted, "not-started-names")}
      {list("Finished", absent.finished, finished, "finished-names")}
    </div>
  );
}

/** A short message to everyone writing: shown in their exam within seconds (on their next page without JavaScript). */
export function MessageForm({ action, last, timeZone }: { action: string; last: Room["message"]; timeZone: string }) {
  return (
    <Form method="post" action={action} className="card mb-4 flex flex-wrap items-end gap-2 p-4" data-testid="live-message-form">
      <div className="min-w-[14rem] flex-1">
        <label htmlFor="live-message" className="label">
          Message to everyone writing
        </label>
        <input id="live-message" name="message" maxLength={300} className="input" placeholder="Question 12 has a typo: read “Keats” for “Yeats”." />
        {last ? (
          <p className="mt-1 text-xs text-slate-500">
            Last sent at {formatTime(last.at, timeZone)}: “{last.text}”
          </p>
        ) : null}
      </div>
      <SubmitButton intent="message" pending="Sending..." className="btn-secondary">
        Send Message
      </SubmitButton>
    </Form>
  );
}
