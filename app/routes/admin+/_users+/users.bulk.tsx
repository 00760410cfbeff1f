import { getFormProps, getInputProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { DialogActions, useUserListHref, HiddenListFilters } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { ErrorList, Field, SelectField, useSchemaForm } from "~/components/forms";
import { bulkUsersSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { USER_LIST_KEYS, userListHref } from "~/lib/rules/list-href";
import { BULK_USER_ACTIONS } from "~/lib/rules/user-list";
import { bulkUpdateUsers, countUsersMatching, idsMatching, parseUserFilters } from "~/models/admin-users.server";
import { testExamTypeOptions } from "~/models/exam-type.server";
import { createLinkBatch, emailSignInLinks, linkBatch, linkTargets } from "~/models/sign-in-links.server";
import { env } from "~/lib/server/env.server";
import { mailConfigured } from "~/lib/server/mail.server";
import { batchById, batchOptions } from "~/models/batches.server";
import { logActivity } from "~/models/activity.server";
import { plural } from "~/lib/rules/words";

/**
 * Bulk actions on users, a dialog route over User Management (/admin/users/bulk): the ticked users, or
 * every user matching the list's filters ("all N matching"); the action names how many it changes.
 */
export const meta: MetaFunction = () => [{ title: "Bulk Actions" }];

/** The users a request means: every user the filters match (`all=1`), or the ticked ids (an id of nobody changes nothing). */
function selectionOf(params: URLSearchParams): string[] {
  return params.get("all") === "1" ? idsMatching(parseUserFilters(params)) : params.getAll("ids").slice(0, 10_000);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const ids = params.get("all") === "1" ? [] : selectionOf(params);
  return {
    ticked: ids.length,
    ids,
    matching: countUsersMatching(parseUserFilters(params)),
    examTypes: testExamTypeOptions(),
    batches: batchOptions(),
    canEmail: mailConfigured(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: bulkUsersSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const params = new URLSearchParams();
  for (const [k, v] of form.entries()) if (typeof v === "string" && ([...USER_LIST_KEYS, "ids", "all"] as string[]).includes(k)) params.append(k, v);
  const ids = selectionOf(params);
  const back = userListHref(request.url);
  if (!ids.length)
    return data({ result: submission.reply({ formErrors: ["No users are selected: tick users in the list, or choose all matching."] }) }, { status: 400 });
  const v = submission.value;
  try {
    if (v.action === "links") {
      // only students without a password, and never silently replacing a link already sent
      const who = linkTargets(ids, { replaceValid: v.replaceLinks === "on" });
      const left = [
        who.withPassword ? `${plural(who.withPassword, "user")} skipped: they have a password` : "",
        who.withValidLink ? `${plural(who.withValidLink, "user")} skipped: a link sent earlier still works (tick Replace to send new ones)` : "",
      ].filter(Boolean);
      const notes = left.length ? `; ${left.join("; ")}` : "";
      if (!who.targets.length) return redirectWithFlash(back, { type: "info", text: `No sign-in links created${notes}` });
      const batch = createLinkBatch(who.targets, new URL(request.url).origin);
      // e-mailed, when asked and the site sends mail, to the students who have an address; the page lists them all
      const emailed = v.emailLinks === "on" ? emailSignInLinks(linkBatch(batch.key) ?? [], env().ACADEMY_TIME_ZONE) : 0;
      logActivity(admin, "sign-in-link", {
        target: plural(batch.count, "student"),
        detail: `one-time sign-in links, chosen in the user list${emailed ? `; ${emailed} e-mailed` : ""}`,
      });
      const mailed = v.emailLinks === "on" ? `; ${plural(emailed, "link")} e-mailed (students without an e-mail address need theirs from you)` : "";
      return redirectWithFlash(`/admin/users/import?links=${batch.key}`, {
        type: "success",
        text: `${plural(batch.count, "sign-in link")} created${mailed}${notes}`,
      });
    }
    if ((v.action === "add-batch" || v.action === "remove-batch") && !batchById(v.batchId ?? ""))
      return data({ result: submission.reply({ fieldErrors: { batchId: ["That batch is gone: choose another"] } }) }, { status: 400 });
    const r = bulkUpdateUsers(v.action, ids, { examType: v.examType, batchId: v.batchId, limit: v.globalTestLimit, actingUserId: admin.id });
    if (v.action === "add-batch" || v.action === "remove-batch")
      logActivity(admin, "batch-members", {
        target: batchById(v.batchId ?? "")?.name ?? "",
        detail: `${BULK_USER_ACTIONS[v.action]}: ${r.changed} of ${ids.length} users`,
      });
    const text = `${BULK_USER_ACTIONS[v.action]}: ${r.changed} of ${ids.length} users changed${r.skipped ? ` (${r.skipped} skipped: the owner's and your own account)` : ""}`;
    return redirectWithFlash(back, { type: "success", text });
  } catch (error) {
    return formFailed(error, "bulk user action", submission, "The bulk action failed. Please try again.");
  }
}

export default function BulkUsers() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useUserListHref();
  const [form, fields] = useSchemaForm(bulkUsersSchema, { id: "bulk-users", lastResult: actionData?.result });
  const [chosen, setChosen] = useState(String(fields.action.initialValue ?? ""));
  const [scope, setScope] = useState(d.ticked ? "ticked" : "all");
  const count = scope === "ticked" ? d.ticked : d.matching;
  return (
    <Dialog labelledBy="bulk-users-title" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <h2 id="bulk-users-title" className="text-xl font-bold">
          Bulk actions
        </h2>
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <HiddenListFilters keys={USER_LIST_KEYS} />
        <fieldset className="space-y-1">
          <legend className="label">Which users</legend>
          {d.ticked ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="scope" value="ticked" checked={scope === "ticked"} onChange={() => setScope("ticked")} /> The {d.ticked} ticked user
              {d.ticked === 1 ? "" : "s"}
            </label>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="scope" value="all" checked={scope === "all"} onChange={() => setScope("all")} /> All {d.matching} user
            {d.matching === 1 ? "" : "s"} matching the list's search and filters
          </label>
        </fieldset>
        {scope === "ticked" ? d.ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />) : <input type="hidden" name="all" value="1" />}
        <div>
          <label htmlFor={fields.action.id} className="label">
            Action
          </label>
          <select
            id={fields.action.id}
            name={fields.action.name}
            defaultValue={String(fields.action.initialValue ?? "")}
            onChange={(e) => setChosen(e.target.value)}
            className="input"
            aria-invalid={fields.action.errors ? true : undefined}
          >
            <option value="">Choose…</option>
            {Object.entries(BULK_USER_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.action.errorId} errors={fields.action.errors} />
        </div>
        <SelectField meta={fields.examType} label="Exam type (to assign or remove)" options={d.examTypes} />
        <SelectField meta={fields.batchId} label="Batch (to add to or remove from; students only)" options={d.batches} />
        <Field meta={fields.globalTestLimit} label="Global test limit (for Set the global test limit; empty = no limit)" type="number" min={0} max={1000} />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input {...getInputProps(fields.confirmDelete, { type: "checkbox" })} className="mt-1 h-4 w-4" /> For Delete: yes, delete these {count} users and
            all their attempts
          </label>
          <ErrorList id={fields.confirmDelete.errorId} errors={fields.confirmDelete.errors} />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input {...getInputProps(fields.replaceLinks, { type: "checkbox" })} className="mt-1 h-4 w-4" /> For Create sign-in links: also replace links already
          sent and still valid (those stop working). Students who have a password are never sent one.
        </label>
        {d.canEmail ? (
          <label className="flex items-start gap-2 text-sm">
            <input {...getInputProps(fields.emailLinks, { type: "checkbox" })} className="mt-1 h-4 w-4" /> For Create sign-in links: also e-mail each link to
            its student (those with an e-mail address).
          </label>
        ) : null}
        <DialogActions closeHref={closeHref} intent="bulk" pending="Working..." danger={chosen === "delete"}>
          Apply to {count} User{count === 1 ? "" : "s"}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
