/**
 * What an error page says for a thrown status: the message the route gave (a thrown `Response` with text, or
 * `{ error }` / `{ message }` JSON), else the status's own words. Used by GeneralErrorBoundary.
 */
const STATUS_MESSAGES: Record<number, string> = {
  400: "That request could not be read. Please go back and try again.",
  401: "Please sign in to continue.",
  403: "Access Denied",
  404: "Page not found",
  405: "That page cannot take this request.",
  413: "That is too large for this page.",
  503: "The site is busy right now. Please try again in a few seconds.",
};
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

export function errorMessageOf(status: number, data: unknown): string {
  const given =
    typeof data === "string"
      ? data
      : typeof data === "object" && data !== null
        ? ((data as { error?: unknown }).error ?? (data as { message?: unknown }).message)
        : undefined;
  if (typeof given === "string" && isMessageForPeople(given)) return given.trim();
  return STATUS_MESSAGES[status] ?? SOMETHING_WENT_WRONG;
}

/**
 * A route's own words: short, not a page of HTML, and not a stringified Error (the framework's answers for
 * a post to a page without an action, say, read "Error: You made a POST request to …").
 */
function isMessageForPeople(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length <= 200 && !t.startsWith("<") && !/^[A-Za-z]*Error:/.test(t);
}
