import { deletedSummary, plural } from "~/lib/rules/words";
import { logActivity } from "~/models/activity.server";
import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DialogActions, useTestListHref, HiddenListFilters } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, useSchemaForm } from "~/components/forms";
import { requireAdmin } from "~/models/auth.server";
import { noteFailure } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { listHref, TEST_LIST_KEYS, testListHref } from "~/lib/rules/list-href";
import { clearAllSchema, DELETE_ALL_PHRASE } from "~/lib/rules/test-editor-rules";
import { BulkChangeConfirm, BULK_CHANGE_WORDS } from "~/routes/admin+/_tests+/__BulkChange";
import { ConfirmBulkDelete } from "~/routes/admin+/_tests+/__BulkDelete";
import { bulkChangeSchema } from "~/lib/schemas/test-record";
import { bulkChangeOf } from "~/models/bulk-change.server";
import {
  changeTests,
  clearAllTests,
  countLiveTests,
  customTypesInUse,
  deleteTests,
  parseTestFilters,
  testsToChange,
  testsToDelete,
  titlesOfTests,
} from "~/models/admin-tests.server";
import { namedTests } from "~/lib/rules/change-words";
import { examTypeLabels, testExamTypeOptions } from "~/models/exam-type.server";
import { env } from "~/lib/server/env.server";

const toChangeStep = (step: string) => step === "change-selected" || step === "change-matching";

/**
 * Bulk Operations, a dialog route over the tests list (/admin/tests/bulk?step=…). Every delete names
 * what goes before it runs: the ticks of the list travel in the address (a GET form), so the
 * selection reaches the confirmation without JavaScript. Delete All asks twice, then for the phrase.
 */
export const meta: MetaFunction = () => [{ title: "Bulk Operations" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const step = url.searchParams.get("step") ?? "";
  const examType = url.searchParams.get("examType") ?? "";
  return {
    step,
    toDelete:
      step === "delete-selected"
        ? testsToDelete({ ids: url.searchParams.getAll("ids") })
        : step === "delete-type" && examType
          ? testsToDelete({ examType })
          : null,
    // a change of the ticked tests, or of every test the list's filters match
    toChange:
      step === "change-selected"
        ? testsToChange({ ids: url.searchParams.getAll("ids") })
        : step === "change-matching"
          ? testsToChange({ filters: parseTestFilters(url) })
          : null,
    examTypes: toChangeStep(step) ? testExamTypeOptions().map((t) => ({ value: t.value, label: t.label })) : [],
    timeZone: env().ACADEMY_TIME_ZONE,
    total: countLiveTests(),
    // Delete All names what is deleted and what is archived
    everything: step === "clear" || step === "clear-confirm" ? testsToDelete({ all: true }) : null,
    customTypes: customTypesInUse(),
    labels: examTypeLabels(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = testListHref(request.url);
  try {
    if (intent === "change-selected") {
      const submission = parseForm(form, { schema: bulkChangeSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const change = bulkChangeOf(submission.value);
      if ("field" in change) return data({ result: submission.reply({ fieldErrors: { [change.field]: [change.message] } }) }, { status: 400 });
      // "all matching" is read again now (tests may have been added since the confirmation opened)
      const ids =
        form.get("matching") === "1" ? testsToChange({ filters: parseTestFilters(new URL(request.url)) }).ids : form.getAll("ids").map(String).filter(Boolean);
      if (!ids.length) return redirectWithFlash(back, { type: "info", text: "Select at least one test to change" });
      const changed = changeTests(ids, change);
      logActivity(admin, "bulk-change", { target: plural(changed, "test"), detail: `${BULK_CHANGE_WORDS[change.change]}: ${namedTests(titlesOfTests(ids))}` });
      return redirectWithFlash(back, { type: "success", text: `${plural(changed, "test")} changed: ${BULK_CHANGE_WORDS[change.change]}` });
    }
    if (intent === "delete-selected") {
      const ids = form.getAll("ids").map(String).filter(Boolean);
      if (!ids.length) return redirectWithFlash(back, { type: "info", text: "Select at least one test to delete" });
      const named = namedTests(titlesOfTests(ids));
      const r = deleteTests(ids);
      logActivity(admin, "test-delete", { target: plural(ids.length, "test"), detail: `Bulk delete of ${named}: ${deletedSummary(r)}` });
      return redirectWithFlash(back, { type: r.errors ? "error" : "success", text: `Bulk delete complete: ${deletedSummary(r)}` });
    }
    const submission = parseForm(form, { schema: clearAllSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const r = clearAllTests(submission.value.confirmation);
    if (!r.ok) return data({ result: submission.reply() }, { status: 400 });
    logActivity(admin, "test-delete", { target: "every test", detail: `Clear all: ${deletedSummary(r)}` });
    return redirectWithFlash(back, { type: r.errors ? "error" : "success", text: `Clear all complete: ${deletedSummary(r)}` });
  } catch (error) {
    noteFailure(error, "bulk operation", intent);
    const text = intent === "delete-selected" ? "Error during bulk delete. Please try again." : "Error during clear all operation. Please try again.";
    return redirectWithFlash(back, { type: "error", text });
  }
}

export default function BulkOperations() {
  const { step, toDelete, toChange, examTypes, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useTestListHref();
  return (
    <Dialog labelledBy="bulk-ops-title" closeHref={closeHref}>
      <div className="space-y-5 p-5">
        <h2 id="bulk-ops-title" className="text-xl font-bold">
          Bulk Operations
        </h2>
        {(step === "change-selected" || step === "change-matching") && toChange ? (
          <BulkChangeConfirm
            toChange={toChange}
            matching={step === "change-matching"}
            closeHref={closeHref}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            examTypes={examTypes}
            timeZone={timeZone}
          />
        ) : (step === "delete-selected" || step === "delete-type") && toDelete ? (
          <ConfirmBulkDelete toDelete={toDelete} closeHref={closeHref} />
        ) : step === "delete-selected" || step === "delete-type" ? (
          <p className="text-sm text-slate-700">{step === "delete-selected" ? "Tick tests in the list first." : "Choose a custom exam type first."}</p>
        ) : step === "clear" ? (
          <ClearAllFirst closeHref={closeHref} />
        ) : step === "clear-confirm" ? (
          <ClearAllConfirm closeHref={closeHref} />
        ) : (
          <Menu />
        )}
      </div>
    </Dialog>
  );
}

/** The bulk dialog at another step, with the list's filters kept. */
function useStepHref(step: string) {
  const href = new URL(listHref("/admin/tests/bulk", useLocation().search, TEST_LIST_KEYS), "http://x");
  href.searchParams.set("step", step);
  return `${href.pathname}${href.search}`;
}

function Menu() {
  const { customTypes, labels } = useLoaderData<typeof loader>();
  const clearHref = useStepHref("clear");
  return (
    <>
      <section className="space-y-2">
        <h3 className="font-semibold">Change tests</h3>
        <p className="text-sm text-slate-600">
          Activate, deactivate, set when answers are shown, the window, the exam type or the unit of the ticked tests, or of every test the filters match:
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="submit" form="bulk-select" name="step" value="change-selected" className="btn-secondary">
            Change Selected…
          </button>
          <button type="submit" form="bulk-select" name="step" value="change-matching" className="btn-secondary">
            Change All Matching…
          </button>
        </div>
      </section>
      <section className="space-y-2">
        <h3 className="font-semibold">Delete selected tests</h3>
        <p className="text-sm text-slate-600">Tick tests in the list, then:</p>
        {/* the list's GET form (its tick boxes) opens the confirmation at /admin/tests/bulk */}
        <button type="submit" form="bulk-select" name="step" value="delete-selected" className="btn-danger">
          Delete Selected…
        </button>
      </section>
      <Form method="get" className="space-y-2" preventScrollReset>
        <input type="hidden" name="step" value="delete-type" />
        <HiddenListFilters keys={TEST_LIST_KEYS} />
        <h3 className="font-semibold">Delete by custom exam type</h3>
        <label htmlFor="del-type" className="sr-only">
          Custom exam type
        </label>
        <select id="del-type" name="examType" className="input" defaultValue="">
          <option value="">Choose a custom exam type…</option>
          {customTypes.map((t) => (
            <option key={t} value={t}>
              {labels[t] ?? t}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-danger">
          Delete Tests of This Type…
        </button>
      </Form>
      <section className="space-y-2">
        <h3 className="font-semibold">Clear all</h3>
        <Link to={clearHref} className="btn-danger" preventScrollReset>
          Delete All Tests…
        </Link>
      </section>
    </>
  );
}

function ClearAllFirst({ closeHref }: { closeHref: string }) {
  const { total, everything } = useLoaderData<typeof loader>();
  const confirmHref = useStepHref("clear-confirm");
  const archived = everything?.archived ?? 0;
  return (
    <div className="space-y-3">
      <p className="font-semibold text-red-700">Delete every test?</p>
      <p className="text-sm text-slate-700" data-testid="clear-all-counts">
        All {total} tests go: {total - archived} deleted with their questions, {archived} that students attempted archived (their results stay readable; restore
        them under Archived tests).
      </p>
      <div className="flex justify-end gap-2">
        <Link to={closeHref} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <Link to={confirmHref} className="btn-danger" preventScrollReset>
          Yes, continue
        </Link>
      </div>
    </div>
  );
}

function ClearAllConfirm({ closeHref }: { closeHref: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(clearAllSchema, { id: "clear-all", lastResult: actionData?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <p className="font-semibold text-red-700">Are you absolutely sure?</p>
      <Field meta={fields.confirmation} label={`Type ${DELETE_ALL_PHRASE} to confirm`} autoComplete="off" />
      <DialogActions closeHref={closeHref} intent="clear-all" pending="Deleting..." danger>
        Delete All Tests
      </DialogActions>
    </Form>
  );
}
