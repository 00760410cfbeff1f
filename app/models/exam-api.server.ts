import { studentOfCookie } from "~/models/auth.server";
import { answerSchema } from "~/lib/schemas/exam-schemas";
import { RESPOND_WITH_RESULTS, TIME_UP, BELIEVED_DEADLINE, TIMES_FIELD } from "~/lib/rules/page-handoff";
import { timesFromPage } from "~/lib/rules/exam-rules";
import { examFormTestId } from "~/lib/rules/routing";
import { finishAttempt, saveAnswer } from "~/models/attempt.server";
import { examAction, examAfterStart, type ExamActionResult } from "~/models/exam-page.server";
import { loadResults } from "~/models/results.server";
import { type SessionUser, toSessionUser } from "~/models/user.server";

/**
 * The exam's three JSON endpoints: Start from a hydrated start card (`/api/tests/:id/start`), one
 * answer change (`/api/attempts/:id/answers`) and Finish (`/api/attempts/:id/finish`). Their routes
 * call these after requireStudent; the server also calls `examApiFastPath` for them before building a
 * framework request (on exam day 3,000 students press Start in the same second, and then send about a
 * thousand saves a second; the framework's own work was most of each request's cost). Same replies either way.
 */
export type ApiReply = { status: number; json: Record<string, unknown>; noStore: boolean };

const reply = (status: number, json: Record<string, unknown>, noStore = false): ApiReply => ({ status, json, noStore });

/** Stores one answer change (fields as the page posts them) and returns the server clock. */
export function answerReply(attemptId: string, userId: string, fields: Record<string, string>, now = new Date()): ApiReply {
  const parsed = answerSchema.safeParse(fields);
  if (!parsed.success) return reply(400, { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid answer" });
  const { questionId, chosen, marked, visit, at } = parsed.data;
  const result = saveAnswer(
    attemptId,
    userId,
    { questionId, chosen, marked, at, visitOnly: visit === "1" && chosen === undefined && marked === undefined },
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

const API_PATH = /^\/api\/(?:attempts\/([^/]+)\/(answers|finish)|tests\/([^/]+)\/(start))$/;

/** The endpoint a path names: which one, and its still-escaped attempt or test id. */
function endpointOf(pathname: string): { endpoint: "answers" | "finish" | "start"; rawId: string } | null {
  const match = API_PATH.exec(pathname);
  if (!match) return null;
  return match[1] ? { endpoint: match[2] as "answers" | "finish", rawId: match[1] } : { endpoint: "start", rawId: match[3] };
}

/** Whether the server should offer a posted request to examApiFastPath. */
export function isExamApiPath(pathname: string): boolean {
  return endpointOf(pathname) !== null;
}

/**
 * The common case of those endpoints, straight from the server: a signed-in student posting a form.
 * Anything else (signed out, an admin, a stale cookie, another encoding) gives null, and the request
 * goes on to the route as usual, which answers it as every page does (redirect, cleared cookie).
 */
export async function examApiFastPath(
  pathname: string,
  cookieHeader: string | undefined,
  contentType: string | undefined,
  body: Buffer,
): Promise<ApiReply | null> {
  const target = endpointOf(pathname);
  const post = target ? await studentFormPost(target.rawId, cookieHeader, contentType) : null;
  if (!target || !post) return null;
  const { id, student } = post;
  if (target.endpoint === "start") return startReply(toSessionUser(student), id);
  const fields = Object.fromEntries(new URLSearchParams(body.toString("utf8")));
  if (target.endpoint === "finish") return finishReply(id, student, fields.respond, fields.reason, fields[BELIEVED_DEADLINE], fields[TIMES_FIELD]);
  return answerReply(id, student.id, fields);
}

/** Whether the server should offer a posted request to examFormFastPath. */
export function isExamFormPath(pathname: string): boolean {
  return examFormTestId(pathname) !== null;
}

/**
 * The exam page's form posts from a page without JavaScript (or not yet hydrated): Start, every control of
 * the exam form and Finish, acted on straight from the server like the JSON endpoints, since on exam day
 * these too come by the thousand in one second. A redirect is sent from here; a refusal goes on to the
 * route (as `examFormResult` in its context), which shows it on the page without acting again. Anything
 * else (signed out, an admin, another encoding) gives null and goes to the route as usual.
 */
export async function examFormFastPath(
  pathname: string,
  cookieHeader: string | undefined,
  contentType: string | undefined,
  body: Buffer,
): Promise<ExamActionResult | null> {
  const rawId = examFormTestId(pathname);
  const post = rawId ? await studentFormPost(rawId, cookieHeader, contentType) : null;
  if (!post) return null;
  return examAction(toSessionUser(post.student), post.id, Object.fromEntries(new URLSearchParams(body.toString("utf8"))));
}

/**
 * What both fast paths take on: a web form posted by a signed-in student, about the id in its path (still
 * escaped). Null for anything else (another encoding, a malformed id, signed out, an admin).
 */
async function studentFormPost(rawId: string, cookieHeader: string | undefined, contentType: string | undefined) {
  if (!contentType?.startsWith("application/x-www-form-urlencoded")) return null;
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    return null;
  }
  const student = await studentOfCookie(cookieHeader ?? null);
  return student ? { id, student } : null;
}
