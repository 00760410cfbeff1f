// Helpers for integration tests: real Requests into route loaders and actions, on the temporary
// SQLite file that tests/setup-db.ts gives each test file.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { attempts } from "~/db/schema.server";
import { ensureBuiltinExamTypes, ensureOwnerAdmin, seedDemo, DEMO_STUDENT } from "~/models/seed.server";
import { createUser } from "~/models/user.server";
import * as loginRoute from "~/routes/_auth+/login";

export const BASE = "http://localhost:3000";
export const OWNER = { email: "owner@academy.test", password: "owner-password-1" };
export { DEMO_STUDENT };

export async function seedBase({ demo = false } = {}) {
  ensureBuiltinExamTypes();
  await ensureOwnerAdmin();
  if (demo) await seedDemo();
}

let counter = 0;
/** a fresh client address per call, so sign-in throttling of one test does not leak into another */
export function uniqueAddress() {
  counter += 1;
  return `10.0.${Math.floor(counter / 250)}.${counter % 250}`;
}

export function getRequest(path: string, cookie?: string) {
  return new Request(BASE + path, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string | string[]>, options: { cookie?: string; address?: string } = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  }
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: BASE,
    "x-client-address": options.address ?? "127.0.0.1",
  };
  if (options.cookie) headers.Cookie = options.cookie;
  return new Request(BASE + path, { method: "POST", headers, body });
}

/** Runs a loader or action; a thrown Response (redirect) is returned instead of thrown. */
export async function run<T>(
  fn: (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<T>,
  request: Request,
  params: Record<string, string> = {},
): Promise<T | Response> {
  try {
    return await fn({ request, params, context: {} } as LoaderFunctionArgs & ActionFunctionArgs);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** What `data(value, init)` returns (its class read from the public function, not from the framework's internals). */
type DataResult = ReturnType<typeof data<unknown>>;
const DataResultClass = (data(null) as object).constructor;

export function isDataWithInit(value: unknown): value is DataResult {
  return value instanceof DataResultClass;
}

/** The payload of a loader/action result, whether plain or wrapped by `data()`. */
export function payload<T = Record<string, unknown>>(value: unknown): T {
  return (isDataWithInit(value) ? value.data : value) as T;
}

/**
 * A bulk upload as its dialog sends it: the files (`request`, intent "preview") give a preview of every file, then
 * Create posts the preview's token. A preview refused (or a body too large) is answered as it is.
 */
export async function bulkUploadViaPreview(action: (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>, request: Request): Promise<unknown> {
  const previewed = await run(action, request);
  const preview = payload<{ preview?: { ok: boolean; token: string } | null }>(previewed)?.preview;
  if (!preview?.ok) return previewed;
  const cookie = request.headers.get("Cookie") ?? "";
  return run(action, postRequest(new URL(request.url).pathname, { intent: "bulk-upload", token: preview.token }, { cookie }));
}

export function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  if (isDataWithInit(value)) return value.init?.status ?? 200;
  return 200;
}

export function cookieFrom(response: Response): string {
  const set = response.headers.get("Set-Cookie") ?? "";
  return set.split(";")[0];
}

export async function signIn(email: string, password: string, address = uniqueAddress()): Promise<string> {
  const res = await run(loginRoute.action, postRequest("/login", { mode: "login", email, password }, { address }));
  if (!(res instanceof Response)) throw new Error(`sign-in failed: ${JSON.stringify(payload(res))}`);
  return cookieFrom(res);
}

export async function makeStudent(overrides: Partial<{ name: string; email: string; password: string; examTypes: string[] }> = {}) {
  counter += 1;
  const email = overrides.email ?? `student${counter}-${Date.now()}@example.test`;
  const password = overrides.password ?? "student-pass-1";
  const user = await createUser({ name: overrides.name ?? `Student ${counter}`, email, password, assignedExamTypes: overrides.examTypes ?? ["NET", "TET"] });
  const cookie = await signIn(email, password);
  return { user, email, password, cookie };
}

/** The flash message a redirect carries (its cookie holds base64 JSON, then `.` and its signature). */
export function flashOf(response: Response): { type: string; text: string } | null {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith("flash="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.trim().slice("flash=".length).split(";")[0]).split(".")[0];
  return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
}

/** Two questions for the exam's tests: a four-option one and a three-option one, each with an explanation. */
export const TWO_QUESTIONS = [
  { question: "Who wrote Paradise Lost?", options: ["Milton", "Spenser", "Donne", "Marvell"], correctAnswer: 0, explanation: "Book I opens in Hell." },
  { question: "Lyrical Ballads appeared in", options: ["1789", "1798", "1802"], correctAnswer: 1, explanation: "With Coleridge." },
];

/** The Content-Type of a posted form (what the exam page's JSON endpoints take). */
export const FORM_ENCODED = "application/x-www-form-urlencoded";

/** A student's attempts at one test, as stored. */
export function attemptsAt(testId: string, userId: string) {
  return db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId)))
    .all();
}

/** Moves an attempt's clock as a test needs it (begun earlier, a deadline passed): its row changed in place. */
export function updateAttempt(attemptId: string, values: Partial<typeof attempts.$inferInsert>) {
  db().update(attempts).set(values).where(eq(attempts.id, attemptId)).run();
}

/**
 * One post to the exam's JSON endpoints (`/api/attempts/:id/answers|finish`, `/api/tests/:id/start`) through
 * its route's own action, as the framework calls it: the status and JSON a browser gets (a redirect: json null).
 */
export async function examApi(path: string, cookie: string | undefined, fields: Record<string, string> = {}) {
  const { action } = await import(
    path.endsWith("/answers")
      ? "~/routes/api+/attempts.$attemptId.answers"
      : path.endsWith("/finish")
        ? "~/routes/api+/attempts.$attemptId.finish"
        : "~/routes/api+/tests.$testId.start"
  );
  const id = decodeURIComponent(path.split("/")[3] ?? "");
  const response = (await run(action, postRequest(path, fields, { cookie }), { attemptId: id, testId: id })) as Response;
  const json = response.headers.get("content-type")?.includes("json") ? ((await response.json()) as Record<string, unknown>) : null;
  return { status: response.status, json, noStore: response.headers.get("cache-control") === "no-store", location: response.headers.get("location") };
}
