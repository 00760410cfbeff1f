/**
 * The address of a list behind a dialog route: the list's path with only its own filters (`keys`) kept
 * from the current query, so Cancel and the action's redirect return to the same page of the list.
 */
export function listHref(path: string, search: string, keys: readonly string[]): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [k, v] of from.entries()) if (keys.includes(k)) kept.append(k, v);
  const s = kept.toString();
  return s ? `${path}?${s}` : path;
}

/** The tests list's filters, kept by its dialogs. */
export const TEST_LIST_KEYS = ["q", "type", "unit", "window", "page"] as const;

/** The tests list (with its filters) that a dialog at `url` returns to. */
export function testListHref(url: string | URL): string {
  return listHref("/admin/tests", new URL(url).search, TEST_LIST_KEYS);
}

/** The users list's filters, kept by its dialogs. */
export const USER_LIST_KEYS = ["q", "status", "type", "batch", "password", "sort", "page"] as const;

/** The users list (with its filters) that a dialog at `url` returns to. */
export function userListHref(url: string | URL): string {
  return listHref("/admin/users", new URL(url).search, USER_LIST_KEYS);
}

/**
 * Where the question editor returns (its back link and Save): the page it was opened from, Test Management
 * (`?from=tests`, with that list's filters) or CSV Management (the default).
 */
export function editorBack(url: string | URL): { href: string; label: string } {
  const search = new URL(url).search;
  if (new URLSearchParams(search).get("from") === "tests") return { href: listHref("/admin/tests", search, TEST_LIST_KEYS), label: "Test Management" };
  return { href: "/admin/csv", label: "CSV Management" };
}
