// Every route the app defines (read from app/routes, not a hand list) requested as anonymous,
// student, inactive student and admin: the spec's redirect or the page.
import { beforeAll, describe, expect, it } from "vitest";
import { guardRedirect, type Access, type Role } from "~/lib/rules/routing";
import { createTest } from "~/models/test.server";
import { createUser, findUserBySignInName, setUserStatus } from "~/models/user.server";
import { getRequest, OWNER, postRequest, run, seedBase, signIn, statusOf } from "../helpers";
import { urlPatternOf } from "../route-files";

type RouteModule = { loader?: (...args: any[]) => Promise<unknown>; action?: (...args: any[]) => Promise<unknown> };
const modules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });

/** The route table of spec section 2, as rules over paths. A new route must be given a rule here. */
function accessOf(path: string): Access | "open" | "splat" | "logout" | "moved" | undefined {
  if (path === "/") return "public";
  if (path === "/login") return "signed-out";
  // "Forgot password?": for a signed-out visitor, as the sign-in page
  if (path === "/forgot-password") return "signed-out";
  // My account: anyone signed in (an admin changes their own password there too)
  if (path === "/account") return "signed-in";
  // the library, all my tests, reporting a question: a student's own
  if (path === "/library" || path === "/tests" || path === "/report") return "student";
  // an old address of the study materials: moved to the library
  if (path === "/materials") return "moved";
  if (path === "/logout") return "logout";
  if (path === "/healthz") return "open";
  // the academy's Terms of Service and Privacy Policy: for anyone, signed in or not
  if (path === "/terms" || path === "/privacy") return "open";
  // a one-time sign-in link: its token is the credential, whoever is signed in (tests/integration/sign-in-links.test.ts)
  if (path === "/welcome/:token") return "open";
  if (path === "/*") return "splat";
  if (path === "/dashboard") return "student";
  // a student's own progress
  if (path === "/progress") return "student";
  // a student's own mistakes, bookmarks and practice rounds
  if (path === "/mistakes" || path === "/practice/:roundId") return "student";
  if (path === "/admin" || path.startsWith("/admin/")) return "admin";
  if (path === "/test/:testId") return "student";
  if (path === "/test/:testId/results") return "signed-in";
  if (path.startsWith("/api/attempts/") || path.startsWith("/api/tests/")) return "student";
  return undefined;
}

/** Admin routes whose actions answer a signed-in non-admin with the spec's 403 message (backup). */
const REFUSING_ACTIONS = new Set(["/admin/backup", "/admin/backup/export", "/admin/backup/restore"]);
/** Resource routes whose GET sends an admin on to the page that holds the form. */
const ADMIN_GET_REDIRECTS: Record<string, string> = { "/admin/backup/export": "/admin/backup", "/admin/backup/restore": "/admin/backup" };

const cookies: Record<string, string | undefined> = {};
let params: Record<string, string>;

beforeAll(async () => {
  await seedBase();
  const test = createTest({ title: "Guard test", examType: "NET" }, [{ question: "Q?", options: ["a", "b"], correctAnswer: 0 }]);
  params = { testId: test.id, attemptId: "no-such-attempt", userId: "no-such-user", "*": "nowhere" };
  await createUser({ name: "Guard Student", email: "guard@example.test", password: "guard-pass-1", assignedExamTypes: ["NET"] });
  await createUser({ name: "Gone Student", email: "gone@example.test", password: "gone-pass-1", assignedExamTypes: ["NET"] });
  cookies.anonymous = undefined;
  cookies.student = await signIn("guard@example.test", "guard-pass-1");
  cookies.inactive = await signIn("gone@example.test", "gone-pass-1");
  setUserStatus(findUserBySignInName("gone@example.test")!.id, "inactive");
  cookies.admin = await signIn(OWNER.email, OWNER.password);
});

const CREDENTIALS: Record<string, [string, string]> = { student: ["guard@example.test", "guard-pass-1"], admin: [OWNER.email, OWNER.password] };
async function signInAgain(who: string): Promise<string | undefined> {
  const credentials = CREDENTIALS[who];
  return credentials ? signIn(...credentials) : cookies[who];
}

const roles: Array<[string, Role | null]> = [
  ["anonymous", null],
  ["student", "user"],
  ["inactive", null], // an inactive user's session is over: treated as signed out
  ["admin", "admin"],
];

const routes = Object.entries(modules).map(([file, mod]) => ({ file, path: urlPatternOf(file), mod }));

describe("route table", () => {
  it("finds the app's routes", () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
  });

  it.each(routes.map((r) => [r.path, r]))("%s has a rule in the route table", (_path, r) => {
    expect(accessOf(r.path), `add a rule for ${r.path} (${r.file})`).toBeDefined();
  });

  for (const r of routes) {
    const access = accessOf(r.path);
    for (const [who, role] of roles) {
      const url = r.path.replace(/:(\w+)/g, (_m, k) => params?.[k] ?? k).replace("*", "nowhere");
      if (r.mod.loader) {
        it(`GET ${r.path} as ${who}`, async () => {
          const res = await run(
            r.mod.loader as any,
            getRequest(
              url.replace(/:(\w+)/g, (_m, k) => params[k]),
              cookies[who],
            ),
            params,
          );
          // a signed-out visitor is sent to /login?redirectTo=… (the deep link survives the sign-in)
          const location = res instanceof Response ? (res.headers.get("Location")?.split("?")[0] ?? null) : null;
          if (access === "open") expect(location).toBeNull();
          else if (access === "moved") expect(location).toBe("/library");
          else if (role === "admin" && ADMIN_GET_REDIRECTS[r.path]) expect(location).toBe(ADMIN_GET_REDIRECTS[r.path]);
          else if (access === "splat") expect(statusOf(res)).toBe(404);
          else if (access === "logout") expect(location).toBe("/");
          else expect(location).toBe(guardRedirect(access as Access, role));
        });
      }
      if (r.mod.action) {
        it(`POST ${r.path} as ${who}`, async () => {
          // logging out ends the session on the server: probe it with a session of its own
          const cookie = access === "logout" && cookies[who] ? await signInAgain(who) : cookies[who];
          const res = await run(
            r.mod.action as any,
            postRequest(
              url.replace(/:(\w+)/g, (_m, k) => params[k]),
              { intent: "probe" },
              { cookie },
            ),
            params,
          );
          const location = res instanceof Response ? res.headers.get("Location") : null;
          if (access === "splat") expect(statusOf(res)).toBe(404);
          else if (access === "logout") expect(location).toBe("/");
          else if (role === "user" && REFUSING_ACTIONS.has(r.path)) expect((res as Response).status).toBe(403);
          else if (access !== "open") {
            const expected = guardRedirect(access as Access, role);
            // a signed-out post of the exam's own form returns to the test after signing in
            if (role === null && r.path === "/test/:testId")
              expect(location).toBe(`/login?redirectTo=${encodeURIComponent(url.replace(/:(\w+)/g, (_m, k) => params[k]))}&ended=test`);
            else if (expected) expect(location).toBe(expected);
            else expect(location).not.toBe("/login");
          }
        });
      }
    }
  }
});
