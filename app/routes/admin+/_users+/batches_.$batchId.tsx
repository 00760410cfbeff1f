import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddStudents, MemberList } from "~/routes/admin+/_users+/__BatchMembers";
import { Badge, ErrorBox, Pagination, SubmitButton } from "~/components/admin/ui";
import { ANSWER_RELEASE_LABELS, parseAnswerRelease } from "~/lib/rules/answer-release";
import { formatDateTime } from "~/lib/rules/time";
import { plural } from "~/lib/rules/words";
import { batchMembersSchema } from "~/lib/schemas/batch-schemas";
import { pageParam } from "~/lib/schemas/forms";
import { noteFailure } from "~/lib/server/failures.server";
import { env } from "~/lib/server/env.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { addMembers, BATCH_PAGE, batchById, membersOf, removeMembers, studentsToAdd, testsOfBatch } from "~/models/batches.server";
import { BackLink } from "~/components/admin/ui";

/**
 * A batch's page (/admin/batches/:batchId): its students (searchable, 50 a page, tick to remove), adding students
 * by search, and the tests given to it with its window on each.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Batch: ${data.batch.name}` : "Batch" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const batch = batchById(params.batchId ?? "");
  if (!batch) throw new Response("Batch not found", { status: 404 });
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const find = (url.searchParams.get("find") ?? "").trim().slice(0, 100);
  const page = pageParam(url.searchParams.get("page"));
  return {
    batch: { id: batch.id, name: batch.name, archived: batch.archivedAt !== null, joinCode: batch.joinCode },
    q,
    find,
    page,
    members: membersOf(batch.id, { q, page }),
    pageSize: BATCH_PAGE,
    found: studentsToAdd(batch.id, find),
    tests: testsOfBatch(batch.id),
    timeZone: env().ACADEMY_TIME_ZONE,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const batch = batchById(params.batchId ?? "");
  if (!batch) throw new Response("Batch not found", { status: 404 });
  const submission = parseForm(await request.formData(), { schema: batchMembersSchema });
  if (submission.status !== "success") return data({ error: submission.error?.ids?.[0] ?? "Tick at least one student" }, { status: 400 });
  const { intent, ids } = submission.value;
  try {
    const n = intent === "add" ? addMembers(batch.id, ids) : removeMembers(batch.id, ids);
    logActivity(admin, "batch-members", { target: batch.name, detail: `${intent === "add" ? "added" : "removed"} ${plural(n, "student")}` });
    const text = intent === "add" ? `${plural(n, "student")} added to ${batch.name}` : `${plural(n, "student")} removed from ${batch.name}`;
    return redirectWithFlash(`/admin/batches/${batch.id}`, { type: "success", text });
  } catch (error) {
    noteFailure(error, "batch members change");
    return data({ error: "The change could not be saved. Please try again." }, { status: 500 });
  }
}

export default function BatchPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="space-y-4">
      <BackLink to="/admin/batches">Batches</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{d.batch.name}</h1>
        {d.batch.archived ? <Badge>Archived</Badge> : null}
        <Link to={`/admin/batches/${d.batch.id}/edit`} className="btn-secondary px-2 py-1 text-xs">
          Rename or archive
        </Link>
        <Link to={`/admin/gradebook?batch=${d.batch.id}`} className="btn-secondary px-2 py-1 text-xs">
          Gradebook
        </Link>
      </div>
      <JoinCode batchId={d.batch.id} code={d.batch.joinCode} archived={d.batch.archived} />
      <ErrorBox message={actionData?.error} />
      <AddStudents find={d.find} found={d.found} />
      <MemberList q={d.q} total={d.members.total} rows={d.members.rows} />
      <Pagination page={d.page} pages={Math.max(1, Math.ceil(d.members.total / d.pageSize))} />
      <section aria-labelledby="tests-heading" className="card p-4">
        <h2 id="tests-heading" className="font-semibold">
          Tests given to this batch ({d.tests.length})
        </h2>
        {d.tests.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">None yet. Give a test from its menu in Test Management → Batches.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {d.tests.map((t) => (
              <li key={t.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <Link to={`/admin/tests/${t.id}/batches`} className="font-medium text-brand-700 hover:underline">
                  {t.title}
                </Link>
                <span className="text-slate-600">
                  {t.opensAt || t.closesAt
                    ? `${t.opensAt ? `opens ${formatDateTime(t.opensAt, d.timeZone)}` : ""}${t.opensAt && t.closesAt ? ", " : ""}${t.closesAt ? `closes ${formatDateTime(t.closesAt, d.timeZone)}` : ""}`
                    : "no window"}
                  {parseAnswerRelease(t.answerRelease) ? ` · answers: ${ANSWER_RELEASE_LABELS[parseAnswerRelease(t.answerRelease) ?? "after_attempt"]}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** The batch's join code: students type it at sign-up or on their dashboard to join (and get its tests' exams). */
function JoinCode({ batchId, code, archived }: { batchId: string; code: string | null; archived: boolean }) {
  return (
    <section className="card flex flex-wrap items-center gap-3 p-3 text-sm" aria-label="Join code">
      {code ? (
        <>
          <span>
            Join code:{" "}
            <strong className="font-mono text-base tracking-wider" data-testid="join-code">
              {code}
            </strong>
            {archived ? " (an archived batch takes no one)" : ""}
          </span>
          <Form method="post" action={`/admin/batches/${batchId}/join-code`} className="flex gap-2">
            <SubmitButton intent="make" pending="Making..." className="btn-secondary px-2 py-1 text-xs">
              New code
            </SubmitButton>
            <SubmitButton intent="stop" pending="Stopping..." className="btn-secondary px-2 py-1 text-xs">
              Stop the code
            </SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <span className="text-slate-600">No join code: students are added here by the academy.</span>
          <Form method="post" action={`/admin/batches/${batchId}/join-code`}>
            <SubmitButton intent="make" pending="Making..." className="btn-secondary px-2 py-1 text-xs">
              Make a join code
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
