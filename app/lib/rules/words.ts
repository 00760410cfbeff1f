/** "1 test", "2 tests", "1,200 attempts": a count with its noun in the right number (pure; unit-tested). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;
}

/** "5 deleted, 2 archived (students had taken them), 0 errors": what happened to each test, counted apart. */
export function deletedSummary(r: { deleted: number; archived: number; errors: number }): string {
  const archived = r.archived ? `, ${r.archived} archived (students had taken ${r.archived === 1 ? "it" : "them"})` : "";
  return `${r.deleted} deleted${archived}, ${plural(r.errors, "error")}`;
}

/** A text's line breaks as "\n" (a textarea posted without JavaScript sends "\r\n"; a CSV may hold "\r"). */
export function lineBreaksAsLf(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}
