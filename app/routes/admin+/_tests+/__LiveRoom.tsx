import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Badge, ErrorBox, Pagination, StatTiles, SubmitButton } from "~/components/admin/ui";
import { Field, useSchemaForm } from "~/components/forms";
import { BatchFilter } from "~/routes/admin+/__BatchFilter";
import { ScrollableTable } from "~/components/ScrollableTable";
import type { LoaderData } from "~/lib/browser/loader-data";
import { formatClock, remainingSeconds } from "~/lib/rules/exam-rules";
import { agoText, EXTENSION_LIMITS } from "~/lib/rules/live-room";
import { formatTime } from "~/lib/rules/time";
import { extensionSchema } from "~/lib/schemas/live-room-schemas";
import type { liveRoomPage } from "~/models/live-room.server";
import { BackLink } from "~/components/admin/ui";
import { ReleaseControl } from "~/routes/admin+/_tests+/__ReleaseControl";
import { MessageForm, WhoIsAbsent } from "~/routes/admin+/_tests+/__LiveRoomTalk";

type Room = LoaderData<ReturnType<typeof liveRoomPage>>;

/** Every few seconds while the page is in sight, the room is read again (one request; nothing while a form is sent). */
const REFRESH_MS = 5000;

function useAutoRefresh() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [revalidator]);
}

export function LiveRoom({ room, lastResult }: { room: Room; lastResult?: SubmissionResult<string[]> }) {
  useAutoRefresh();
  const [params] = useSearchParams();
  const extendFor = params.get("extend");
  const submitFor = params.get("submit");
  const query = new URLSearchParams({ ...(room.page > 1 ? { page: String(room.page) } : {}), ...(room.batch ? { batch: room.batch } : {}) }).toString();
  const here = `/admin/tests/${room.test.id}/live${query ? `?${query}` : ""}`;
  const withParam = (name: string, value: string) => `${here}${here.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;
  const target = room.rows.find((r) => r.attemptId === (extendFor ?? submitFor));
  return (
    <main>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <BackLink to="/admin/tests">Test Management</BackLink>
        <Link to={here} className="btn-secondary" data-testid="refresh">
          Refresh
        </Link>
      </div>
      <h1 className="text-2xl font-bold">Live room: {room.test.title}</h1>
      <p className="mb-4 text-sm text-slate-600">As of {formatTime(room.now, room.timeZone)} · refreshes by itself every few seconds (with JavaScript)</p>
      <BatchFilter id="live-batch" batches={room.batches} value={room.batch} className="mb-4" />
      <ReleaseControl testId={room.test.id} status={room.release} back={here} />
      <StatTiles
        items={[
          ["Not started", room.counts.notStarted],
          ["Writing", room.counts.writing],
          ["Finished", room.counts.finished],
          ["Time up", room.counts.timeUp],
        ]}
      />
      <WhoIsAbsent absent={room.absent} notStarted={room.counts.notStarted} finished={room.counts.finished} />
      <MessageForm action={here} last={room.message} timeZone={room.timeZone} />
      {submitFor && target ? (
        <Form method="post" action={here} className="card mb-4 flex flex-wrap items-center gap-3 border-red-200 p-4" data-testid="submit-confirm">
          <input type="hidden" name="attemptId" value={target.attemptId} />
          <p className="grow text-sm">
            Submit <strong>{target.name}</strong>'s attempt now, with the {target.answered} answers saved?
          </p>
          <Link to={here} className="btn-secondary">
            Cancel
          </Link>
          <SubmitButton intent="submit" pending="Submitting..." className="btn-danger">
            Submit now
          </SubmitButton>
        </Form>
      ) : null}
      <ExtensionForm
        key={extendFor && target ? target.attemptId : "all"}
        action={here}
        target={extendFor && target ? target : null}
        cancelHref={here}
        lastResult={lastResult}
        writing={room.counts.writing}
      />
      {room.rows.length === 0 ? (
        <div className="card p-8 text-center text-slate-600">Nobody is writing this test right now.</div>
      ) : (
        <ScrollableTable label="Students writing">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2">Student</th>
                <th className="px-3 py-2">Started</th>
                <th className="px-3 py-2">Time left</th>
                <th className="px-3 py-2">Answered</th>
                <th className="px-3 py-2">Last answer</th>
                <th className="hidden px-3 py-2 sm:table-cell">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {room.rows.map((r) => (
                <tr key={r.attemptId} className="border-t border-slate-100" data-testid="live-row">
                  <td className="px-3 py-2">
                    {/* the student's page: their accommodations (more time, more attempts) */}
                    <Link to={`/admin/users/${r.userId}`} className="font-medium text-brand-700 hover:underline">
                      {r.name}
                    </Link>
                    <span className="block text-xs text-slate-500">{r.signInName}</span>
                    {r.extraMinutes || r.extraPercent ? (
                      <span className="block text-xs text-purple-700" data-testid="live-row-accommodation">
                        Accommodation:{" "}
                        {[r.extraMinutes ? `+${r.extraMinutes} min` : "", r.extraPercent ? `+${r.extraPercent}% time` : ""].filter(Boolean).join(", ")}
                      </span>
                    ) : null}
                    {/* on a phone the row's actions come first, under the name, not off-screen at the row's end */}
                    <span className="mt-1 flex gap-1 sm:hidden" data-testid="live-row-actions">
                      <RowActions href={withParam} attemptId={r.attemptId} name={r.name} />
                    </span>
                  </td>
                  <td className="px-3 py-2">{formatTime(r.startedAt, room.timeZone)}</td>
                  <td className="px-3 py-2 font-mono">
                    {formatClock(remainingSeconds(r.deadlineAt, room.now))}
                    {r.extendedMinutes ? <span className="block text-xs text-green-700">+{r.extendedMinutes} min given</span> : null}
                  </td>
                  <td className="px-3 py-2">
                    {r.answered} / {r.total}
                  </td>
                  <td className="px-3 py-2">
                    {r.lastAnswerAt ? agoText(r.lastAnswerAt, room.now) : "none yet"}
                    {r.stalled ? (
                      <span className="mt-1 block">
                        <Badge tone="amber">No answer saved for 5 min</Badge>
                      </span>
                    ) : null}
                  </td>
                  <td className="hidden whitespace-nowrap px-3 py-2 text-right sm:table-cell">
                    <RowActions href={withParam} attemptId={r.attemptId} name={r.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      <Pagination page={room.page} pages={room.pages} />
    </main>
  );
}

/** A writing student's More time and Submit now (each opens its form in the page, as a search param). */
function RowActions({ href, attemptId, name }: { href: (name: string, value: string) => string; attemptId: string; name: string }) {
  return (
    <>
      <Link to={href("extend", attemptId)} className="btn-secondary px-2 py-1 text-xs" aria-label={`More time for ${name}`}>
        More time
      </Link>{" "}
      <Link to={href("submit", attemptId)} className="btn-secondary px-2 py-1 text-xs" aria-label={`Submit ${name}'s attempt now`}>
        Submit now
      </Link>
    </>
  );
}

function ExtensionForm({
  action,
  target,
  cancelHref,
  lastResult,
  writing,
}: {
  action: string;
  target: { attemptId: string; name: string } | null;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
  writing: number;
}) {
  const [form, fields] = useSchemaForm(extensionSchema, { id: `extend-${target?.attemptId ?? "all"}`, lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="card mb-4 grid gap-3 p-4 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
      <h2 className="font-semibold sm:col-span-3">{target ? `More time for ${target.name}` : `More time for everyone writing (${writing})`}</h2>
      <div className="sm:col-span-3">
        <ErrorBox message={form.errors?.[0]} />
      </div>
      {target ? <input type="hidden" name="attemptId" value={target.attemptId} /> : null}
      <Field meta={fields.minutes} label="Minutes" type="number" min={EXTENSION_LIMITS.minutes.min} max={EXTENSION_LIMITS.minutes.max} />
      <Field meta={fields.reason} label="Reason (kept with the attempt)" maxLength={EXTENSION_LIMITS.reason} />
      <div className="flex gap-2">
        {target ? (
          <Link to={cancelHref} className="btn-secondary">
            Cancel
          </Link>
        ) : null}
        <SubmitButton pending="Giving...">Give time</SubmitButton>
      </div>
    </Form>
  );
}
