import { latestClose } from "./accommodation";
import { availabilityOf } from "./availability";

/**
 * Batches (pure; unit-tested): which of a student's batches sets their window on a test, and the import
 * column's list of batch names.
 */

export const MAX_BATCH_NAME = 80;
/** How many batches one import cell may name. */
export const MAX_BATCHES_PER_CELL = 20;

type Moment = Date | number | null;
/** A test's own window and answer release. */
export type BatchableTest = { opensAt: Moment; closesAt: Moment; answerRelease: string | null };
/** A test given to one batch: that batch's own window and answer release, each null for the test's own. */
export type BatchWindow = { opensAt: Moment; closesAt: Moment; answerRelease: string | null };

/** One batch row over the test: the batch's own times and rule where it has them, the test's elsewhere. */
function overlay<T extends BatchableTest>(test: T, row: BatchWindow): T {
  return {
    ...test,
    opensAt: row.opensAt ?? test.opensAt,
    closesAt: row.closesAt ?? test.closesAt,
    answerRelease: row.answerRelease ?? test.answerRelease,
  };
}

/**
 * Which of a student's batch rows on a test applies (`rows`: the test's rows for the batches they are in; none:
 * null). With several, the one open now, else the next to open, else the last to close, so a student in two
 * batches with different Sundays may sit either.
 */
export function batchRowFor<R extends BatchWindow>(test: BatchableTest, rows: readonly R[], now: number = Date.now()): R | null {
  if (!rows.length) return null;
  const views = rows.map((r) => ({ row: r, view: overlay(test, r) }));
  const open = views.find((v) => availabilityOf(v.view, now) === "open");
  if (open) return open.row;
  const upcoming = views.filter((v) => availabilityOf(v.view, now) === "upcoming").sort((a, b) => +(a.view.opensAt ?? 0) - +(b.view.opensAt ?? 0));
  if (upcoming.length) return upcoming[0].row;
  return [...views].sort((a, b) => +(b.view.closesAt ?? 0) - +(a.view.closesAt ?? 0))[0].row;
}

/** The test as a student of these batches sees it: their batch's window and answer release where it has them. */
export function testForBatches<T extends BatchableTest>(test: T, rows: readonly BatchWindow[], now: number = Date.now()): T {
  const row = batchRowFor(test, rows, now);
  return row ? overlay(test, row) : test;
}

/**
 * The close a student's answers wait for. A batch with its own answer release waits for its own window (the
 * student's personal closes included); otherwise the test's rule waits for the last close of anyone's window,
 * every batch's included, so one batch's early Sunday cannot pass the key to another's later one.
 */
export function releaseCloseFor(test: BatchableTest, own: BatchWindow | null, everyBatchClose: readonly Moment[], personalCloses: readonly Moment[]): Moment {
  const base = own?.answerRelease ? (own.closesAt ?? test.closesAt) : test.closesAt;
  const batchCloses = own?.answerRelease ? [] : everyBatchClose.filter((c) => c !== null);
  // a test with no closing time anywhere releases as before: personal windows only extend a close there is
  return latestClose({ opensAt: null, closesAt: base ?? batchCloses[0] ?? null }, [...batchCloses, ...personalCloses]);
}

/** The student import's `batches` cell: names split on ";" or "|", trimmed, each once (case-insensitively), at most 20. */
export function batchNamesOf(cell: string | undefined | null): string[] {
  if (!cell) return [];
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of cell.split(/[;|]/)) {
    const name = raw.trim().replace(/\s+/g, " ").slice(0, MAX_BATCH_NAME);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
    if (names.length === MAX_BATCHES_PER_CELL) break;
  }
  return names;
}
