/**
 * The one way an action answers a failure it did not expect. A database that cannot answer is not the action's
 * to word: it goes on, and the guarded build answers it 503 (app/lib/server/guarded-build.server.ts). Anything
 * else is logged once, with what was being done, and answered with the words the page shows.
 */
import { data } from "@remix-run/node";
import { rethrowIfDatabaseTrouble } from "~/lib/server/db-errors.server";
import { type Flash, redirectWithFlash } from "~/lib/server/flash.server";

/** Logs an unexpected failure of `doing` ("create announcement"), database trouble excepted (thrown on). */
export function noteFailure(error: unknown, doing: string, ...details: unknown[]): void {
  rethrowIfDatabaseTrouble(error);
  console.error(`${doing} failed`, ...details, error);
}

/** A Conform form's answer to a failure: the message above the form, status 500. */
export function formFailed<R>(error: unknown, doing: string, submission: { reply(options: { formErrors: string[] }): R }, message: string) {
  noteFailure(error, doing);
  return data({ result: submission.reply({ formErrors: [message] }) }, { status: 500 });
}

/** A list's action's answer to a failure: back to the list, with the message in the flash. */
export function flashFailed(error: unknown, doing: string, back: string, message: string) {
  noteFailure(error, doing);
  return redirectWithFlash(back, { type: "error", text: message } satisfies Flash);
}
