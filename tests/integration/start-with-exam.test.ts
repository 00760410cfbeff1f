import { beforeAll, describe, expect, it } from "vitest";
import { createTest } from "~/models/test.server";
import * as startApi from "~/routes/api+/tests.$testId.start";
import * as examRoute from "~/routes/_exam+/test.$testId";
import { attemptsAt, getRequest, makeStudent, OWNER, postRequest, run, seedBase, signIn, TWO_QUESTIONS } from "../helpers";

let testId: string;
beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Start Answer Paper", examType: "NET", duration: 30 }, TWO_QUESTIONS).id;
});

type Started = {
  ok: boolean;
  href: string;
  page: { state: string; current: number; questions: Array<Record<string, unknown>>; attempt: { id: string } };
  error?: string;
};

/** Start through the route (after requireStudent) */
async function startThroughRoute(cookie: string, id = testId) {
  const res = (await run(startApi.action, postRequest(`/api/tests/${id}/start`, { intent: "start" }, { cookie }), { testId: id })) as Response;
  return { status: res.status, json: (await res.json()) as Started, cacheControl: res.headers.get("Cache-Control") };
}

const attemptsOf = (userId: string) => attemptsAt(testId, userId);

describe("Start answered with the exam", () => {
  it("gives the running exam at Question 1 and the address to show it at, without the answer key", async () => {
    const s = await makeStudent();
    const { status, json, cacheControl } = await startThroughRoute(s.cookie);
    expect(status).toBe(200);
    expect(cacheControl).toBe("no-store");
    expect(json.ok).toBe(true);
    expect(json.href).toBe(`/test/${testId}?q=1`);
    expect(json.page.state).toBe("in-progress");
    expect(json.page.current).toBe(1);
    expect(json.page.questions.map((q) => q.question)).toEqual(TWO_QUESTIONS.map((q) => q.question));
    const text = JSON.stringify(json);
    expect(text).not.toContain("correctAnswer");
    expect(text).not.toContain("Book I opens in Hell");
    expect(attemptsOf(s.user.id).map((a) => a.status)).toEqual(["in_progress"]);
  });

  it("is the same page the exam route's loader gives at that address", async () => {
    const s = await makeStudent();
    const { json } = await startThroughRoute(s.cookie);
    const loaded = await run(examRoute.loader, getRequest(json.href, s.cookie), { testId });
    const { serverNow: _a, ...started } = json.page.attempt as Record<string, unknown>;
    const page = (loaded as { data: { attempt: Record<string, unknown> } }).data;
    const { serverNow: _b, ...fromLoader } = page.attempt;
    expect(started).toEqual(fromLoader);
    expect({ ...json.page, attempt: null }).toEqual(JSON.parse(JSON.stringify({ ...page, attempt: null })));
  });

  it("resumes the same attempt when Start is pressed again", async () => {
    const s = await makeStudent();
    const first = await startThroughRoute(s.cookie);
    expect(first.status).toBe(200);
    expect(first.json.href).toBe(`/test/${testId}?q=1`);
    const again = await startThroughRoute(s.cookie);
    expect(again.json.page.attempt.id).toBe(first.json.page.attempt.id);
    // resumed: the exam's own address (the question the student was last on)
    expect(again.json.href).toBe(`/test/${testId}`);
    expect(attemptsOf(s.user.id)).toHaveLength(1);
  });

  it("answers a refused start with the start card's error", async () => {
    const s = await makeStudent({ examTypes: ["TET"] });
    const route = await startThroughRoute(s.cookie);
    expect(route.status).toBe(404);
    expect(route.json).toEqual({ ok: false, error: "Test not found" });
    const unknown = await startThroughRoute(s.cookie, "no-such-test");
    expect({ status: unknown.status, json: unknown.json }).toEqual({ status: 404, json: { ok: false, error: "Test not found" } });
    expect(attemptsOf(s.user.id)).toHaveLength(0);
  });

  it("redirects anyone but a signed-in student as every page does", async () => {
    const admin = await signIn(OWNER.email, OWNER.password);
    const asAdmin = (await run(startApi.action, postRequest(`/api/tests/${testId}/start`, { intent: "start" }, { cookie: admin }), { testId }).catch(
      (e) => e,
    )) as Response;
    expect(asAdmin.status).toBe(302);
    const student = await makeStudent();
    const signedOut = (await run(startApi.action, postRequest(`/api/tests/${testId}/start`, { intent: "start" }), { testId }).catch((e) => e)) as Response;
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
    expect(attemptsOf(student.user.id)).toHaveLength(0);
    // a GET of the endpoint is not a page
    const get = (await run(startApi.loader, getRequest(`/api/tests/${testId}/start`, (await makeStudent()).cookie), { testId })) as Response;
    expect(get.status).toBe(405);
  });

  it("without JavaScript, the start card's form still redirects to the exam", async () => {
    const s = await makeStudent();
    const plain = (await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId })) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(`/test/${testId}?q=1`);
  });
});
