import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BookForm } from "~/routes/admin+/_content+/__BookForm";
import { bookSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { findBook, saveBook } from "~/models/content.server";

/** Edit Book, a dialog route over Books (/admin/books/:bookId/edit). */
export const meta: MetaFunction = () => [{ title: "Edit Book" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const b = findBook(params.bookId ?? "");
  if (!b) throw new Response("Book not found", { status: 404 });
  return { book: { id: b.id, title: b.title, coverUrl: b.coverUrl, description: b.description ?? "" } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: bookSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (!saveBook(params.bookId ?? "", submission.value, admin.id)) throw new Response("Book not found", { status: 404 });
  } catch (error) {
    if (error instanceof Response) throw error;
    return formFailed(error, "update book", submission, "Failed to save book");
  }
  return redirectWithFlash("/admin/books", { type: "success", text: "Book updated" });
}

export default function EditBook() {
  const { book } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <BookForm id={`edit-book-${book.id}`} title="Edit Book" submitLabel="Save Changes" lastResult={actionData?.result} defaultValue={book} />;
}
