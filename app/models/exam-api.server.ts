import { answerSchema } from "~/lib/schemas/exam-schemas";
import { RESPOND_WITH_RESULTS, TIME_UP } from "~/lib/rules/page-handoff";
import { timesFromPage } from "~/lib/rules/exam-rules";
import { findAttempt, finishAttempt, saveAnswer } from "~/models/attempt.server";
import { latestLiveMessage } from "~/models/live-room.server";
import { acceptsAnswers } from "~/lib/rules/exam-rules";
import { examAction, examAfterStart } from "~/models/exam-page.server";
import { loadResults } from "~/models/results.server";
import type { SessionUser } from "~/models/user.server";

/**
 * The exam's three JSON endpoints: Start from a hydrated start card (`/api/tests/:id/start`), one
 * answer change (`/api/attempts/:id/answers`) and Finish (`/api/attempts/:id/finish`). Their routes
 * call these after requireStudent.
 */
export type ApiReply = { status: number; json: Record<string, unknown>; noStore: boolean };

const reply = (status: number, json: Record<string, unknown>, noStore = false): ApiReply => ({ status, json, noStore });

/** Stores one answer change (fields as the page posts them) and returns the server clock. */
export function answerReply(attemptId: string, userId: string, fields: Record<string, string>, now = new Date()): ApiReply {
  const parsed = answerSchema.safeParse(fields);
  if (!parsed.success) return reply(400, { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid answer" });
  const { questionId, chosen, marked, starred, visit, at } = parsed.data;
  const result = saveAnswer(
    attemptId,
    userId,
    { questionId, chosen, marked, starred, at, visitOnly: visit === "1" && chosen === undefined && marked === undefined && starred === undefined },
    now,
  );
  if (!result.ok) return reply(result.closed ? 409 : 400, { ok: false, error: result.error, closed: result.closed });
  return reply(200, { ok: true, serverNow: +now, deadlineAt: +result.deadlineAt }, true);
}

/**
 * Starts (or resumes) the test and answers with the running exam and its address, so the page shows
 * it without a second request (app/lib/rules/page-handoff.ts); a refused start answers with the start
 * card's error. Without JavaScript the start card's form posts to the exam route, which redirects.
 */
export function startReply(user: SessionUser, testId: string): ApiReply {
  const result = examAction(user, testId, { intent: "start" });
  if ("error" in result) return reply(result.status, { ok: false, error: result.error });
  const page = examAfterStart(user, testId, result.redirect);
  return reply(200, { ok: true, href: result.redirect, ...(page ? { page } : {}) }, true);
}

/**
 * Closes the attempt (idempotent) and says where its result is; asked with `respond=results` (the exam
 * page), it also sends the results page's data, so the page shows them without a second request.
 */
export function finishReply(
  attemptId: string,
  user: Pick<SessionUser, "id" | "role" | "globalTestLimit">,
  respond?: string,
  reason?: string,
  believedDeadline?: string,
  times?: string,
): ApiReply {
  const now = new Date();
  const attempt = finishAttempt(attemptId, user.id, now, {
    timeUp: reason === TIME_UP.value,
    believedDeadline: believedDeadline ? Number(believedDeadline) : undefined,
    // the page's time per question (app/lib/browser/time-on-question.ts)
    times: timesFromPage(times),
  });
  if (!attempt) return reply(404, { ok: false, error: "Attempt not found" });
  // more time was given from the live exam room: the page goes on counting down to the new deadline
  if (attempt.status === "in_progress") return reply(200, { ok: true, extended: true, deadlineAt: +attempt.deadlineAt, serverNow: +now }, true);
  const resultsUrl = `/test/${encodeURIComponent(attempt.testId)}/results?attempt=${encodeURIComponent(attempt.id)}`;
  const results = respond === RESPOND_WITH_RESULTS.value ? resultsPageOf(user, attempt.testId, attempt.id) : null;
  return reply(200, { ok: true, status: attempt.status, resultsUrl, ...(results ? { results } : {}) }, true);
}

/** What the results page's loader gives for this attempt (null if it would not show it). */
function resultsPageOf(user: Pick<SessionUser, "id" | "role" | "globalTestLimit">, testId: string, attemptId: string) {
  const page = loadResults(user, testId, attemptId, "all");
  // the same data as the results route's loader at the address Finish names (no late answer there)
  return page.state === "found" ? { ...page, lateAnswer: null } : null;
}

export function apiResponse(r: ApiReply): Response {
  return Response.json(r.json, { status: r.status, headers: r.noStore ? { "Cache-Control": "no-store" } : undefined });
}

/**
 * What a running exam page asks every few seconds (`/api/attempts/:id/status`): the server's clock, the deadline
 * (more time from the live room shows at once) and the live room's newest message since the attempt began.
 */
export function statusReply(attemptId: string, userId: string, now = Date.now()): ApiReply {
  const attempt = findAttempt(attemptId);
  if (attempt?.userId !== userId) return reply(404, { ok: false, error: "Attempt not found" });
  const closed = attempt.status !== "in_progress" || !acceptsAnswers(attempt.deadlineAt, new Date(now));
  return reply(
    200,
    { ok: true, closed, serverNow: now, deadlineAt: +attempt.deadlineAt, message: latestLiveMessage(attempt.testId, +attempt.startedAt) },
    true,
  );
}
