import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/ui";
import { RichText } from "~/components/RichText";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { bankQuestionOr404, deleteBankQuestion } from "~/models/bank.server";

/** Take a question out of the bank, a confirmation dialog over its page (/admin/bank/:key/delete). */
export const meta: MetaFunction = () => [{ title: "Take Out of the Bank" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const q = bankQuestionOr404(params.key);
  return { question: { key: q.key, text: q.question, tests: q.tests } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const q = bankQuestionOr404(params.key);
  try {
    deleteBankQuestion(q.key);
    logActivity(admin, "bank-delete", { target: q.question.slice(0, 120) });
    return redirectWithFlash("/admin/bank", { type: "success", text: "Taken out of the bank. Tests that have it keep it." });
  } catch (error) {
    return flashFailed(error, "take out of the bank", `/admin/bank/${q.key}`, "The question could not be taken out. Please try again.");
  }
}

export default function TakeOutOfBank() {
  const { question } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      id={question.key}
      title="Take this question out of the bank?"
      closeHref={`/admin/bank/${question.key}`}
      label="Take Out"
      pending="Taking out..."
    >
      <p className="line-clamp-3 text-sm text-slate-600">
        <RichText text={question.text} />
      </p>
      <p className="text-sm text-slate-700">
        It is no longer listed nor drawn into generated tests, until it is put back (Question Bank → Taken Out).{" "}
        {question.tests === 1 ? "The test that has it keeps it." : question.tests ? `The ${question.tests} tests that have it keep it.` : ""}
      </p>
    </ConfirmDialog>
  );
}
