import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ImageUrlField } from "~/components/admin/ImagePreview";
import { EmptyState, ErrorBox, PageHeader, useHrefWith, ConfirmDialog, DialogActions, DeleteLink } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { bookSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { formToObject } from "~/lib/forms";
import { BOOK_PLACEHOLDER, safeImageSrc } from "~/lib/links";
import { formatDate } from "~/lib/time";
import { deleteBook, listBooks, saveBook } from "~/models/content.server";
import { rethrowIfDatabaseTrouble } from "~/lib/db-errors.server";

export const meta: MetaFunction = () => [{ title: "Books" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { books: listBooks().map((b) => ({ ...b, coverUrl: safeImageSrc(b.coverUrl, BOOK_PLACEHOLDER) })) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "save") {
      const parsed = bookSchema.safeParse(formToObject(form));
      if (!parsed.success)
        return data({ intent, error: parsed.error.issues[0]?.message ?? "Failed to save book", values: formToObject(form) }, { status: 400 });
      if (!saveBook(id || null, parsed.data, admin.id)) return data({ intent, error: "Failed to save book", values: formToObject(form) }, { status: 400 });
      return redirectWithFlash("/admin/books", { type: "success", text: id ? "Book updated" : "Book added" });
    }
    if (intent === "delete") {
      if (!deleteBook(id)) return redirectWithFlash("/admin/books", { type: "error", text: "Failed to delete book" });
      return redirectWithFlash("/admin/books", { type: "success", text: "Book deleted" });
    }
    return data({ intent, error: "Unknown action", values: {} }, { status: 400 });
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    console.error("book action failed", intent, error);
    return data({ intent, error: intent === "delete" ? "Failed to delete book" : "Failed to save book", values: {} }, { status: 500 });
  }
}

function Cover({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? BOOK_PLACEHOLDER : src}
      alt={`Cover of ${title}`}
      width={300}
      height={400}
      loading="lazy"
      onError={() => setFailed(true)}
      className="aspect-[3/4] w-full bg-slate-200 object-cover"
    />
  );
}

export default function AdminBooks() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const href = useHrefWith();
  const close = href({ add: null, edit: null, delete: null });
  const editing = params.get("edit") ? d.books.find((b) => b.id === params.get("edit")) : null;
  const deleting = params.get("delete") ? d.books.find((b) => b.id === params.get("delete")) : null;
  const values = (actionData?.values ?? {}) as Record<string, string>;
  const formOpen = params.get("add") || editing;
  return (
    <main>
      <PageHeader title="Books" description="Recommended books shown on the landing page, ordered through the chat app.">
        <Link to={href({ add: "1" })} preventScrollReset className="btn-primary">
          Add Book
        </Link>
      </PageHeader>
      {d.books.length === 0 ? (
        <EmptyState title="No books yet" text="Add the books you recommend; the first 8 appear on the landing page." />
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {d.books.map((b) => (
            <li key={b.id} className="card flex flex-col overflow-hidden" data-testid="book-item">
              <Cover src={b.coverUrl} title={b.title} />
              <div className="flex flex-1 flex-col p-3">
                <p className="font-semibold">{b.title}</p>
                {b.description ? <p className="mt-1 line-clamp-3 text-sm text-slate-600">{b.description}</p> : null}
                <p className="mt-1 text-xs text-slate-500">Added {formatDate(b.createdAt)}</p>
                <div className="mt-auto flex gap-2 pt-3">
                  <Link to={href({ edit: b.id })} preventScrollReset className="btn-secondary flex-1 px-2 py-1 text-xs">
                    Edit
                  </Link>
                  <DeleteLink to={href({ delete: b.id })} className="flex-1" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {formOpen ? (
        <Dialog labelledBy="book-form-title" closeHref={close}>
          <Form method="post" className="space-y-4 p-5" noValidate>
            <h2 id="book-form-title" className="text-xl font-bold">
              {editing ? "Edit Book" : "Add Book"}
            </h2>
            <ErrorBox message={actionData?.intent === "save" ? actionData.error : null} />
            <input type="hidden" name="id" value={editing?.id ?? ""} />
            <div>
              <label htmlFor="b-title" className="label">
                Title
              </label>
              <input id="b-title" name="title" defaultValue={values.title ?? editing?.title} className="input" maxLength={200} />
            </div>
            <ImageUrlField id="b-cover" name="coverUrl" label="Cover image URL" defaultValue={values.coverUrl ?? editing?.coverUrl} />
            <div>
              <label htmlFor="b-description" className="label">
                Description (optional)
              </label>
              <textarea id="b-description" name="description" defaultValue={values.description ?? editing?.description ?? ""} className="input" rows={3} />
            </div>
            <DialogActions closeHref={close} intent="save" pending="Saving...">
              {editing ? "Save Changes" : "Add Book"}
            </DialogActions>
          </Form>
        </Dialog>
      ) : null}
      {deleting ? <ConfirmDialog id={deleting.id} title={`Delete “${deleting.title}”?`} closeHref={close} /> : null}
    </main>
  );
}
