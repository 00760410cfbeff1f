/**
 * The star of a question (a review's or My mistakes'). A list of questions has one star form; each question's
 * button sends, as the `star` field, what it changes: `bookmark q12 3 <testId>` (or `unbookmark …`): the question,
 * its test version and its test, the test's id last since an imported test's id may hold spaces. One form per list
 * instead of one per question keeps a 50-question results page ~200 hidden inputs and 50 forms lighter.
 * (Kept apart from the form's schema, app/lib/schemas/star-schema.ts, so the pages' script does not carry zod.)
 */
export type StarTarget = { testId: string; version: number; questionId: string };

/** The value of a star button that sets the question's star `on` (or takes it off). */
export function starValue(on: boolean, target: StarTarget): string {
  return `${on ? "bookmark" : "unbookmark"} ${target.questionId} ${target.version} ${target.testId}`;
}

/** What a star button's value holds: intent, question, version, test. */
export const STAR = /^(bookmark|unbookmark) (q\d{1,4}) (\d{1,9}) (.+)$/;

/**
 * The id of a starred question's place in its list: the star's post comes back to `#` it, so a page without
 * JavaScript returns to the question instead of the top of a long review (only letters, digits, - and _: a
 * fragment the browser and the router both match as it is).
 */
export function starAnchor(target: StarTarget): string {
  return `star-${target.questionId}-v${target.version}-${target.testId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}
