/**
 * Start pressed on a hydrated start card is answered with the exam itself: one request, where a
 * redirect made the page ask again for the exam's data (the synchronized start of an exam day is
 * 3,000 students doing this in the same second). The start card keeps that answer here and moves to
 * the exam's address; the exam route's clientLoader takes it instead of asking the server, and the
 * root does not reload its own data for that move. Without JavaScript, Start still redirects.
 */
const started = new Map<string, unknown>();

const keyOf = (url: URL) => url.pathname + url.search;

/** The field a hydrated start card adds to its form: answer with the exam. */
export const RESPOND_WITH_EXAM = { name: "respond", value: "exam" } as const;

export function keepStartedExam(href: string, page: unknown) {
  started.clear();
  started.set(keyOf(new URL(href, "http://page.local")), page);
}

export function isStartedExamUrl(url: URL): boolean {
  return started.has(keyOf(url));
}

/** The kept exam for this address, once (a later visit asks the server as usual). */
export function takeStartedExam(url: URL): unknown {
  const page = started.get(keyOf(url));
  started.delete(keyOf(url));
  return page;
}

/** Whether an action's answer is a start answered with the exam. */
export function isStartedExam(actionResult: unknown): actionResult is { started: { href: string; page: unknown } } {
  return typeof actionResult === "object" && actionResult !== null && "started" in actionResult;
}
