import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink, PageHeader, SubmitButton } from "~/components/admin/ui";
import { TextareaField, useSchemaForm } from "~/components/forms";
import { isSiteTextKey, SITE_TEXTS } from "~/lib/rules/site-texts";
import { formatDateTime } from "~/lib/rules/time";
import { parseForm } from "~/lib/schemas/parse-form";
import { siteTextSchema } from "~/lib/schemas/site-text-schema";
import { env } from "~/lib/server/env.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { requireAdmin } from "~/models/auth.server";
import { saveSiteText, siteText } from "~/models/site-texts.server";

/**
 * Admin → Site texts (/admin/site-texts/terms, /privacy): the academy's own Terms of Service and Privacy Policy,
 * linked from the sign-in card. Blank lines separate paragraphs; **bold** works. Saving the default text back
 * (or Reset) returns to the default.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Site texts · ${data.title}` : "Not found" }];

function keyOf(params: LoaderFunctionArgs["params"]) {
  const key = params.key ?? "";
  if (!isSiteTextKey(key)) throw new Response("Not found", { status: 404 });
  return key;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const key = keyOf(params);
  const text = siteText(key);
  return { key, path: SITE_TEXTS[key].path, ...text, timeZone: env().ACADEMY_TIME_ZONE };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const key = keyOf(params);
  const form = await request.formData();
  if (form.get("intent") === "reset") {
    saveSiteText(key, "", admin.name);
    return redirectWithFlash(`/admin/site-texts/${key}`, { type: "success", text: `${SITE_TEXTS[key].title}: back to the default text` });
  }
  const submission = parseForm(form, { schema: siteTextSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  saveSiteText(key, submission.value.body, admin.name);
  return redirectWithFlash(`/admin/site-texts/${key}`, { type: "success", text: `${SITE_TEXTS[key].title} saved` });
}

export default function SiteTextEditor() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(siteTextSchema, { id: `site-text-${d.key}`, lastResult: actionData?.result, defaultValue: { body: d.body } });
  const other = d.key === "terms" ? "privacy" : "terms";
  return (
    <main>
      <BackLink to="/admin">Overview & Analytics</BackLink>
      <PageHeader
        title={`Site texts: ${d.title}`}
        description={`Shown at ${d.path}, linked from the sign-in card. Separate paragraphs with a blank line; **bold** works.`}
      >
        <Link to={`/admin/site-texts/${other}`} className="btn-secondary">
          {SITE_TEXTS[other].title}
        </Link>
        <a href={d.path} className="btn-secondary" target="_blank" rel="noreferrer">
          View the page
        </a>
      </PageHeader>
      <p className="mb-3 text-sm text-slate-600" data-testid="site-text-state">
        {d.edited && d.updatedAt
          ? `The academy's own text, saved ${formatDateTime(d.updatedAt, d.timeZone)}.`
          : "The default text: edit it to make it the academy's own."}
      </p>
      <Form method="post" {...getFormProps(form)} className="card space-y-3 p-4">
        <TextareaField meta={fields.body} label={`${d.title} text`} rows={18} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending="Saving...">Save</SubmitButton>
        </div>
      </Form>
      {d.edited ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className="btn-secondary">
            Go back to the default text
          </button>
        </Form>
      ) : null}
    </main>
  );
}
