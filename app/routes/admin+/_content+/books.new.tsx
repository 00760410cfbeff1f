import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BookForm } from "~/routes/admin+/_content+/__BookForm";
import { bookSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { newId } from "~/lib/server/ids.server";
import { saveBook } from "~/models/content.server";
import { oncePerForm, repeatMessage } from "~/models/form-receipts.server";

/** Add Book, a dialog route over Books (/admin/books/new). */
export const meta: MetaFunction = () => [{ title: "Add Book" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { receipt: newId() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: bookSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const once = await oncePerForm(form.get("receipt"), "book-new", () => saveBook(null, submission.value, admin.id));
    if (once.repeated) return redirectWithFlash("/admin/books", repeatMessage(once.kept, "This book was already added"));
  } catch (error) {
    return formFailed(error, "add book", submission, "Failed to save book");
  }
  return redirectWithFlash("/admin/books", { type: "success", text: "Book added" });
}

export default function AddBook() {
  const { receipt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <BookForm id="add-book" title="Add Book" submitLabel="Add Book" lastResult={actionData?.result} receipt={receipt} />;
}
