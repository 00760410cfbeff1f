import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BackLink, EmptyState, PageHeader, Pagination, SetAsideRow } from "~/components/admin/ui";
import { RichText } from "~/components/RichText";
import { env } from "~/lib/server/env.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { formatDateTime } from "~/lib/rules/time";
import { pageParam } from "~/lib/schemas/forms";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { BANK_PAGE, listTakenOut, putBackBankQuestion } from "~/models/bank.server";
import { examTypeLabels } from "~/models/exam-type.server";

/**
 * The questions taken out of the question bank (/admin/bank/taken-out), the latest first: each can be put back, to be
 * listed and drawn into generated tests again. The tests that have a question kept it all along.
 */
export const meta: MetaFunction = () => [{ title: "Taken Out of the Bank" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  return { page, ...listTakenOut(page), pageSize: BANK_PAGE, labels: examTypeLabels(), timeZone: env().ACADEMY_TIME_ZONE };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const back = `/admin/bank/taken-out${new URL(request.url).search}`;
  try {
    const words = putBackBankQuestion(String(form.get("key") ?? ""));
    if (words === null) return redirectWithFlash(back, { type: "error", text: "That question is not taken out of the bank." });
    logActivity(admin, "bank-put-back", { target: words.slice(0, 120) });
    return redirectWithFlash(back, { type: "success", text: "Put back in the bank: it is listed and drawn into generated tests again." });
  } catch (error) {
    return flashFailed(error, "put back in the bank", back, "The question could not be put back. Please try again.");
  }
}

export default function TakenOutOfBank() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <BackLink to="/admin/bank">Question Bank</BackLink>
      <PageHeader
        title="Taken Out of the Bank"
        description="Questions taken out of the bank are not listed nor drawn into generated tests. The tests that have them keep them."
      />
      {d.rows.length === 0 ? (
        <EmptyState title="No question is taken out" text="A question taken out of the bank (on its own page) is listed here, to put back." />
      ) : (
        <ul className="space-y-2">
          {d.rows.map((q) => (
            <SetAsideRow
              key={q.key}
              title={<RichText text={q.question} />}
              detail={`${d.labels[q.examType] ?? q.examType} · taken out ${formatDateTime(q.takenOutAt, d.timeZone)}`}
              field={{ name: "key", value: q.key }}
              label="Put Back"
              pending="Putting back..."
              testId="taken-out-row"
            />
          ))}
        </ul>
      )}
      <Pagination page={d.page} pages={Math.max(1, Math.ceil(d.total / d.pageSize))} />
    </main>
  );
}
