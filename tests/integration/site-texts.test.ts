// The academy's Terms of Service and Privacy Policy: a sensible default on a new site, the academy's own text once
// an admin saves it in Admin → Site texts, back to the default on Reset; readable by anyone.
import { beforeAll, describe, expect, it } from "vitest";
import { SITE_TEXTS } from "~/lib/rules/site-texts";
import * as privacyRoute from "~/routes/_public+/privacy";
import * as termsRoute from "~/routes/_public+/terms";
import * as editRoute from "~/routes/admin+/_content+/site-texts.$key";
import { flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

describe("site texts", () => {
  it("shows the default Terms and Privacy to anyone, signed in or not", async () => {
    const anonymous = payload<{ title: string; body: string }>(await run(termsRoute.loader, getRequest("/terms")));
    expect(anonymous).toEqual({ title: "Terms of Service", body: SITE_TEXTS.terms.text });
    const student = await makeStudent();
    expect(payload<{ title: string }>(await run(privacyRoute.loader, getRequest("/privacy", student.cookie))).title).toBe("Privacy Policy");
  });

  it("an admin saves the academy's own text, refuses an empty one beside the field, and goes back to the default", async () => {
    const save = (body: string) => run(editRoute.action, postRequest("/admin/site-texts/terms", { body }, { cookie: admin }), { key: "terms" });
    const empty = await save("   ");
    expect(statusOf(empty)).toBe(400);
    expect(payload<any>(empty).result.error.body).toEqual(["Write the page's text"]);
    const saved = (await save("Our own terms.\n\n**Be kind.**")) as Response;
    expect(flashOf(saved)).toEqual({ type: "success", text: "Terms of Service saved" });
    expect(payload<{ body: string }>(await run(termsRoute.loader, getRequest("/terms"))).body).toBe("Our own terms.\n\n**Be kind.**");
    const page = payload<{ edited: boolean }>(await run(editRoute.loader, getRequest("/admin/site-texts/terms", admin), { key: "terms" }));
    expect(page.edited).toBe(true);
    await run(editRoute.action, postRequest("/admin/site-texts/terms", { intent: "reset" }, { cookie: admin }), { key: "terms" });
    expect(payload<{ body: string }>(await run(termsRoute.loader, getRequest("/terms"))).body).toBe(SITE_TEXTS.terms.text);
  });

  it("has no page for another key", async () => {
    const res = await run(editRoute.loader, getRequest("/admin/site-texts/cookies", admin), { key: "cookies" }).catch((e: unknown) => e);
    expect((res as Response).status).toBe(404);
  });
});
