import { plural } from "~/lib/rules/words";
import { logActivity } from "~/models/activity.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BackLink, EmptyState, PageHeader, SetAsideRow } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { env } from "~/lib/server/env.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { formatDateTime } from "~/lib/rules/time";
import { archivedTests, restoreTest } from "~/models/admin-tests.server";
import { examTypeLabels } from "~/models/exam-type.server";

/**
 * Archived tests (/admin/tests/archived): tests deleted after students attempted them are hidden, not
 * removed, so their results stay readable. Here they can be seen and restored (inactive).
 */
export const meta: MetaFunction = () => [{ title: "Archived Tests" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { rows: archivedTests(), labels: examTypeLabels(), timeZone: env().ACADEMY_TIME_ZONE };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  try {
    const restored = restoreTest(String(form.get("id") ?? ""));
    if (!restored) return redirectWithFlash("/admin/tests/archived", { type: "error", text: "That test is not archived." });
    logActivity(admin, "test-restore", { testId: String(form.get("id") ?? ""), target: restored.title });
    return redirectWithFlash("/admin/tests/archived", {
      type: "success",
      text: `“${restored.title}” restored to Test Management, inactive: check it, then Activate it`,
    });
  } catch (error) {
    return flashFailed(error, "restore test", "/admin/tests/archived", "Error restoring the test. Please try again.");
  }
}

export default function ArchivedTests() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <BackLink to="/admin/tests">Test Management</BackLink>
      <PageHeader
        title="Archived Tests"
        description="Tests deleted after students attempted them. They are hidden from students and the test list; students' results on them stay readable."
      />
      {d.rows.length === 0 ? (
        <EmptyState title="No archived tests" text="A test that students have attempted is archived here when it is deleted." />
      ) : (
        <ul className="space-y-2">
          {d.rows.map((t) => (
            <SetAsideRow
              key={t.id}
              title={t.title}
              detail={`${d.labels[t.examType] ?? t.examType} · ${plural(t.totalQuestions, "question")} · ${plural(t.attemptCount, "attempt")} · archived ${formatDateTime(t.archivedAt, d.timeZone)}`}
              field={{ name: "id", value: t.id }}
              label="Restore"
              pending="Restoring..."
              testId="archived-row"
            />
          ))}
        </ul>
      )}
    </main>
  );
}
