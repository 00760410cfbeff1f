import type { LoaderData } from "~/lib/browser/loader-data";
import { Form, Link, useFetcher } from "@remix-run/react";
import { formatClock, remainingSeconds } from "~/lib/rules/exam-rules";
import { formatDate, formatTime } from "~/lib/rules/time";
import type { dashboardPage } from "~/models/dashboard.server";
import { MaterialLinks } from "~/components/MaterialLinks";
import { JoinCodeForm } from "~/components/JoinCodeForm";

/** The parts of the student dashboard around its lists: tiles, the tests in progress, the announcements. */
type Data = LoaderData<ReturnType<typeof dashboardPage>>;

export function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

/** Tests the student is in the middle of: first on every level, with the time left and Resume. */
export function RunningTests({ d }: { d: Data }) {
  return (
    <section aria-labelledby="running-heading" className="card mb-6 border-amber-300 bg-amber-50 p-4">
      <h2 id="running-heading" className="font-semibold text-amber-900">
        {d.running.length === 1 ? "Test in progress" : "Tests in progress"}
      </h2>
      <ul className="mt-2 divide-y divide-amber-200">
        {d.running.map((r) => (
          <li key={r.testId} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium">{r.title}</p>
              <p className="text-sm text-slate-700">
                Time left: <strong>{formatClock(remainingSeconds(r.deadlineAt, d.now))}</strong> (until {formatTime(r.deadlineAt, d.timeZone)}) · {r.answered}{" "}
                of {r.total} answered
              </p>
            </div>
            <Link to={`/test/${r.testId}`} className="btn-primary">
              Resume Test
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AnnouncementsPanel({ d }: { d: Data }) {
  return (
    <section aria-labelledby="ann-heading" className="card mt-6 border-brand-100 bg-brand-50/50 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ann-heading" className="font-semibold">
          Announcements
        </h2>
        {!d.announcements.showingAll ? (
          <Link to="/dashboard?announcements=all#ann-heading" className="text-sm font-semibold text-brand-700 hover:underline">
            All announcements ({d.announcements.all})
          </Link>
        ) : null}
      </div>
      <ul className="mt-2 divide-y divide-brand-100">
        {d.announcements.items.map((a) => (
          <AnnouncementItem key={a.id} a={a} dismissible={!d.announcements.showingAll} />
        ))}
      </ul>
    </section>
  );
}

function AnnouncementItem({ a, dismissible }: { a: Data["announcements"]["items"][number]; dismissible: boolean }) {
  const fetcher = useFetcher();
  // dismissed: gone at once with JavaScript (the page's data follows); without, the form posts and reloads
  if (fetcher.state !== "idle") return null;
  return (
    <li className="flex items-start gap-2 py-2">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="badge bg-brand-100 capitalize text-brand-800">{a.type}</span>
          <span className="font-medium">{a.title}</span>
          <span className="text-xs text-slate-600">{formatDate(a.createdAt)}</span>
        </p>
        <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{a.content}</p>
      </div>
      {dismissible ? (
        <fetcher.Form method="post">
          <input type="hidden" name="back" value="/dashboard" />
          <input type="hidden" name="dismiss" value={a.id} />
          <button type="submit" className="rounded px-2 text-lg leading-none text-slate-500 hover:text-slate-900" aria-label={`Dismiss “${a.title}”`}>
            ×
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

type BatchMaterial = { id: string; title: string; description: string; examType: string; uploadDate: number; previewUrl: string; downloadUrl: string };

/** The study materials the academy gave the student's batches (shown only when there are some). */
export function BatchMaterials({ items }: { items: BatchMaterial[] }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby="batch-materials-heading" className="card mt-6 p-4">
      <h2 id="batch-materials-heading" className="text-lg font-semibold">
        Study materials for your batch
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {items.map((m) => (
          <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{m.title}</p>
              <p className="text-sm text-slate-600">
                {m.examType} · {formatDate(m.uploadDate)}
                {m.description ? ` · ${m.description}` : ""}
              </p>
            </div>
            <div className="flex gap-2">
              <MaterialLinks previewUrl={m.previewUrl} downloadUrl={m.downloadUrl} size="px-3 py-1.5" />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The academy's answers to the student's question reports; × closes one (posted to the dashboard's action). */
export function ReportAnswers({ items }: { items: Data["reportAnswers"] }) {
  return (
    <section aria-labelledby="report-answers-heading" className="card mt-6 border-green-200 p-4">
      <h2 id="report-answers-heading" className="text-lg font-semibold">
        The academy answered your reports
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {items.map((r) => (
          <li key={r.id} className="flex items-start justify-between gap-3 py-2" data-testid="report-answer">
            <div className="min-w-0">
              <p className="text-xs text-slate-500">
                {r.title}
                {r.n !== null ? ` · Q${r.n}` : ""} · {formatDate(r.resolvedAt)}
              </p>
              <p className="whitespace-pre-line text-sm">{r.resolution}</p>
            </div>
            <Form method="post" action="/dashboard" preventScrollReset>
              <input type="hidden" name="closeReport" value={r.id} />
              <button type="submit" className="rounded px-2 text-lg leading-none text-slate-500 hover:bg-slate-100" aria-label="Close this answer">
                ×
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A student with no exam yet: what to do (a join code, or the academy's contact). */
export function NothingAssigned({ contact, joinError }: { contact: Data["contact"]; joinError: string | null }) {
  return (
    <section className="card mt-6 p-6" aria-labelledby="nothing-assigned-heading">
      <h2 id="nothing-assigned-heading" className="text-lg font-semibold">
        No Exam Categories Assigned
      </h2>
      <p className="mt-1 text-slate-600">
        Your tests appear here once the academy gives you an exam. If your teacher gave your batch a join code, type it here:
      </p>
      <div className="mt-3 max-w-md">
        <JoinCodeForm error={joinError} />
      </div>
      {contact ? (
        <div className="mt-5 border-t border-slate-100 pt-4 text-sm" data-testid="academy-contact">
          <p className="font-medium">No code? Ask the academy to add you:</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            <li>
              <a href={`tel:${contact.phone.replace(/\s/g, "")}`} className="btn-secondary px-3 py-1.5">
                Call {contact.phone}
              </a>
            </li>
            <li>
              <a
                href={`https://wa.me/${contact.whatsappNumber}?text=${encodeURIComponent("Hi, I signed up for the test series. Please add me to my exam.")}`}
                target="_blank"
                rel="noopener noreferrer"
                className="btn bg-green-600 px-3 py-1.5 text-white hover:bg-green-700"
              >
                WhatsApp
              </a>
            </li>
            <li>
              <a href={`mailto:${contact.email}`} className="btn-secondary px-3 py-1.5">
                {contact.email}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
    </section>
  );
}
