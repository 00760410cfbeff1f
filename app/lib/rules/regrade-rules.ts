/**
 * Regrading (pure; unit-tested). When an admin fixes an answer key or removes a question, the test gets a
 * new version and past attempts keep the version they were taken on. A regrade carries the fix back to
 * an older version: each of its questions takes the current version's key (matched by the correct
 * option's text, so reordered options still mark right), a question the current version no longer has
 * is dropped (not counted), and the attempts of that version are re-marked from their stored answers.
 */
export type KeyedQuestion = { id: string; question?: string; options: string[]; correctAnswer: number; dropped?: boolean };

/**
 * The current version still asks this question: the same id and either the same text or at least half
 * of the same options (a typo fixed in the text or in one option keeps it the same question; a question
 * rewritten under the same id is a different one).
 */
export function isSameQuestion(older: KeyedQuestion, now: KeyedQuestion): boolean {
  if (older.id !== now.id) return false;
  if (older.question !== undefined && now.question !== undefined && same(older.question, now.question)) return true;
  const shared = older.options.filter((o) => now.options.some((n) => same(n, o))).length;
  return shared * 2 >= Math.max(older.options.length, now.options.length);
}

export type QuestionFix = { id: string; correctAnswer: number; dropped: boolean; change: "key" | "dropped" | null };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the current version says about each question of an older version. */
export function fixesFor(older: readonly KeyedQuestion[], current: readonly KeyedQuestion[]): QuestionFix[] {
  const byId = new Map(current.map((q) => [q.id, q]));
  return older.map((q) => {
    if (q.dropped) return { id: q.id, correctAnswer: q.correctAnswer, dropped: true, change: null };
    const found = byId.get(q.id);
    const now = found && isSameQuestion(q, found) ? found : undefined;
    if (!now) return { id: q.id, correctAnswer: q.correctAnswer, dropped: true, change: "dropped" };
    const rightText = now.options[now.correctAnswer] ?? "";
    const index = q.options.findIndex((o) => same(o, rightText));
    // the right option is not among this version's options (its text was rewritten): the old key stands
    if (index < 0 || index === q.correctAnswer) return { id: q.id, correctAnswer: q.correctAnswer, dropped: false, change: null };
    return { id: q.id, correctAnswer: index, dropped: false, change: "key" };
  });
}

/** Who is writing, in words: "1 student is" / "3 students are". */
const writers = (writing: number) => (writing === 1 ? "1 student is" : `${writing} students are`);

/** What the question editor says while students are writing the test (their attempts keep the key they started with). */
export function writingKeyNote(writing: number): string {
  return `${writers(writing)} writing this test right now. A changed answer key does not reach ${writing === 1 ? "that attempt" : "their attempts"}: they keep the key they started with. When they have finished, Regrade carries the corrected key to them.`;
}

/** What the regrade page says while students are writing the test. */
export function writingRegradeNote(writing: number): string {
  return `${writers(writing)} still writing this test: ${writing === 1 ? "that attempt is" : "their attempts are"} marked with the key ${writing === 1 ? "it" : "they"} started with and ${writing === 1 ? "is" : "are"} not in this list until finished. Regrade again once ${writing === 1 ? "it is" : "they are"}.`;
}
