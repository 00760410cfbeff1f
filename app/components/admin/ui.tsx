import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog } from "~/components/Dialog";
import { listHref, TEST_LIST_KEYS, USER_LIST_KEYS } from "~/lib/rules/list-href";

export function PageHeader({ title, children, description }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

export function StatTiles({ items }: { items: Array<[string, string | number]> }) {
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="card p-4">
          <dt className="text-sm text-slate-500">{label}</dt>
          <dd className="mt-1 text-2xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "← Back to …" above a page: to the list or area the page belongs to. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
      ← Back to {children}
    </Link>
  );
}

export function EmptyState({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="card p-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {text ? <p className="mt-1 text-slate-600">{text}</p> : null}
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}

/** A warning that the student is writing a test now, before an action that would sign them out of it. */
export function WritingNowNote({ text }: { text: string }) {
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="writing-now">
      {text}
    </p>
  );
}

export function ErrorBox({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A submit button that shows its pending label while its form's intent is being posted. */
export function SubmitButton({
  intent,
  children,
  pending,
  className = "btn-primary",
  disabled,
  name = "intent",
  value,
  form,
}: {
  intent?: string;
  children: ReactNode;
  pending: ReactNode;
  className?: string;
  disabled?: boolean;
  name?: string;
  value?: string;
  form?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? name : undefined}
      value={intent ? (value ?? intent) : undefined}
      className={className}
      disabled={busy || disabled}
      form={form}
    >
      {busy ? pending : children}
    </button>
  );
}

/** Links keep the current filters and change one search parameter. */
export function useHrefWith() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    return s ? `?${s}` : "?";
  };
}

/** The tests list behind a dialog, with its filters. */
export function useTestListHref(): string {
  return listHref("/admin/tests", useLocation().search, TEST_LIST_KEYS);
}

/** The users list behind a dialog, with its filters. */
export function useUserListHref(): string {
  return listHref("/admin/users", useLocation().search, USER_LIST_KEYS);
}

/** A dialog's address under `base` (e.g. `/admin/users/u1/limit`) with the list's filters kept. */
export function useChildHref(base: string, keys: readonly string[]) {
  const search = useLocation().search;
  return (child: string) => listHref(`${base}/${child}`, search, keys);
}

/** The list's own filters from the address as hidden fields, so a GET form carries them to a dialog and back. */
export function HiddenListFilters({ keys }: { keys: readonly string[] }) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <>
      {[...params.entries()]
        .filter(([k]) => keys.includes(k))
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

export function Pagination({ page, pages }: { page: number; pages: number }) {
  const href = useHrefWith();
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-2 text-sm">
      {page > 1 ? (
        <Link to={href({ page: String(page - 1) })} className="btn-secondary px-3 py-1">
          ← Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href({ page: String(page + 1) })} className="btn-secondary px-3 py-1">
          Next →
        </Link>
      ) : null}
    </nav>
  );
}

export function Badge({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "green" | "red" | "brand" | "amber" | "purple" }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    green: "bg-green-100 text-green-800",
    red: "bg-red-100 text-red-700",
    brand: "bg-brand-100 text-brand-800",
    amber: "bg-amber-100 text-amber-800",
    purple: "bg-purple-100 text-purple-800",
  };
  return <span className={`badge ${tones[tone]}`}>{children}</span>;
}

/** A search/filter form: applies on every change with JavaScript; an Apply button without. */
export function FilterForm({ children }: { children: ReactNode }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      className="card mb-4 flex flex-wrap items-end gap-3 p-4"
      onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
    >
      {children}
      <noscript>
        <button type="submit" className="btn-primary">
          Apply
        </button>
      </noscript>
    </Form>
  );
}

/** The confirmation of a destructive action: a dialog whose button posts `intent` for `id`. */
export function ConfirmDialog({
  id,
  title,
  closeHref,
  intent = "delete",
  label = "Delete",
  pending = "Deleting...",
  children,
}: {
  id: string;
  title: string;
  closeHref: string;
  intent?: string;
  label?: string;
  pending?: string;
  children?: ReactNode;
}) {
  return (
    <Dialog labelledBy="confirm-title" closeHref={closeHref}>
      <Form method="post" className="space-y-4 p-5">
        <h2 id="confirm-title" className="text-xl font-bold">
          {title}
        </h2>
        {children}
        <input type="hidden" name="id" value={id} />
        <div className="flex justify-end gap-2">
          <Link to={closeHref} className="btn-secondary" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton intent={intent} pending={pending} className="btn-danger">
            {label}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

/** The footer of a form dialog: Cancel (a link back) and the submit button with its pending label. */
export function DialogActions({
  closeHref,
  intent,
  pending,
  children,
  className = "",
  danger = false,
}: {
  closeHref: string;
  intent: string;
  pending: string;
  children: ReactNode;
  className?: string;
  danger?: boolean;
}) {
  return (
    <div className={`flex justify-end gap-2 ${className}`}>
      <Link to={closeHref} className="btn-secondary" preventScrollReset>
        Cancel
      </Link>
      <SubmitButton intent={intent} pending={pending} className={danger ? "btn-danger" : "btn-primary"}>
        {children}
      </SubmitButton>
    </div>
  );
}

/** The search box of a filter form (`q`). */
export function SearchField({ id, label = "Search", defaultValue, placeholder }: { id: string; label?: string; defaultValue: string; placeholder?: string }) {
  return (
    <div className="min-w-[12rem] flex-1">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} name="q" type="search" defaultValue={defaultValue} placeholder={placeholder} className="input" />
    </div>
  );
}

export { FilterSelect } from "~/components/FilterSelect";

/** The options of an exam-type select: every type by label, then "Custom…" (the form then asks for a name). */
export function ExamTypeOptions({ types }: { types: Array<{ value: string; label: string }> }) {
  return (
    <>
      {types.map((t) => (
        <option key={t.value} value={t.value}>
          {t.label}
        </option>
      ))}
      <option value="CUSTOM">Custom…</option>
    </>
  );
}

/** A row's Delete: opens its ConfirmDialog (`?delete=ID`), with or without JavaScript. */
export function DeleteLink({ to, size = "sm", className = "" }: { to: string; size?: "sm" | "md"; className?: string }) {
  const sizing = size === "sm" ? "px-2 py-1 text-xs" : "px-3 py-1.5";
  return (
    <Link to={to} preventScrollReset className={`btn ${className ? `${className} ` : ""}${sizing} text-red-700 hover:bg-red-50`}>
      Delete
    </Link>
  );
}

/**
 * A row's secondary actions behind one "More" button: a <details> disclosure, so it opens without
 * JavaScript and keeps rows short on a phone. Its children are the actions (links and small forms).
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="group relative">
      <summary className="btn-secondary cursor-pointer list-none px-3 py-1.5 [&::-webkit-details-marker]:hidden" aria-label={label}>
        More <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 flex w-48 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg [&_.btn]:w-full [&_.btn]:justify-start [&_.btn-secondary]:w-full [&_.btn-secondary]:justify-start [&_form]:w-full">
        {children}
      </div>
    </details>
  );
}

/**
 * A row of a list of things set aside (archived tests, questions taken out of the bank): what it is, a line about it,
 * and one button that brings it back (a form posting `name=value` to the page's action).
 */
export function SetAsideRow({
  title,
  detail,
  field,
  label,
  pending,
  testId,
}: {
  title: ReactNode;
  detail: ReactNode;
  field: { name: string; value: string };
  label: string;
  pending: string;
  testId: string;
}) {
  return (
    <li className="card flex flex-wrap items-center justify-between gap-3 p-4" data-testid={testId}>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 break-words font-semibold">{title}</p>
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
      <Form method="post">
        <input type="hidden" name={field.name} value={field.value} />
        <SubmitButton pending={pending} className="btn-secondary px-3 py-1.5">
          {label}
        </SubmitButton>
      </Form>
    </li>
  );
}
