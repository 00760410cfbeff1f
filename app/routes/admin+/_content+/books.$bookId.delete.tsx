import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { deleteBook, findBook } from "~/models/content.server";

/** Delete Book, a confirmation dialog route over Books (/admin/books/:bookId/delete). */
export const meta: MetaFunction = () => [{ title: "Delete Book" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const b = findBook(params.bookId ?? "");
  if (!b) throw new Response("Book not found", { status: 404 });
  return { book: { id: b.id, title: b.title } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  try {
    if (!deleteBook(params.bookId ?? "")) return redirectWithFlash("/admin/books", { type: "error", text: "Failed to delete book" });
    return redirectWithFlash("/admin/books", { type: "success", text: "Book deleted" });
  } catch (error) {
    return flashFailed(error, "delete book", "/admin/books", "Failed to delete book");
  }
}

export default function DeleteBook() {
  const { book } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog id={book.id} title={`Delete “${book.title}”?`} closeHref="/admin/books">
      <p className="text-sm text-slate-700">It disappears from the landing page's book list.</p>
    </ConfirmDialog>
  );
}
