import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawDb, switchDatabase } from "~/db/db.server";
import { backupJsonChunks, importBackup, parseBackup, savePendingImport } from "~/models/backup.server";
import { createSignInLinks } from "~/models/sign-in-links.server";
import * as backupRoute from "~/routes/admin+/_backup+/backup";
import * as linksCsv from "~/routes/admin+/_backup+/backup_.sign-in-links[.]csv";
import * as linkRoute from "~/routes/admin+/_users+/users.$userId.sign-in-link";
import * as welcome from "~/routes/_auth+/welcome.$token";
import { getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-links-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let admin: string;
beforeAll(async () => {
  switchDatabase(path.join(dir, "main.db"));
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const tokenOf = (url: string) => url.split("/welcome/")[1];

describe("a one-time sign-in link", () => {
  it("lets a student set a password once and signs them in; a second use and an expired link say so", async () => {
    const s = await makeStudent();
    const created = payload<any>(
      await run(linkRoute.action, postRequest(`/admin/users/${s.user.id}/sign-in-link`, {}, { cookie: admin }), { userId: s.user.id }),
    );
    expect(created.url).toMatch(/^http:\/\/[^/]+\/welcome\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.url);

    const page = payload<any>(await run(welcome.loader, getRequest(`/welcome/${token}`), { token }));
    expect(page).toMatchObject({ state: "valid", name: s.user.name });
    const differ = await run(welcome.action, postRequest(`/welcome/${token}`, { password: "new-pass-1", confirm: "new-pass-2" }), { token });
    expect(payload<any>(differ).result.error).toEqual({ confirm: ["The two passwords are different"] });

    const ok = (await run(welcome.action, postRequest(`/welcome/${token}`, { password: "new-pass-1", confirm: "new-pass-1" }), { token })) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/dashboard");
    expect(ok.headers.get("Set-Cookie")).toMatch(/__session=|session/);
    // the new password works, the old one does not
    await expect(signIn(s.email, "new-pass-1")).resolves.toBeTruthy();
    await expect(signIn(s.email, s.password)).rejects.toThrow();

    const again = await run(welcome.loader, getRequest(`/welcome/${token}`), { token });
    expect(statusOf(again)).toBe(410);
    expect(payload<any>(again).message).toBe("This sign-in link has already been used. Sign in with the password you set, or ask the academy for a new link.");
    const reuse = await run(welcome.action, postRequest(`/welcome/${token}`, { password: "other-pass", confirm: "other-pass" }), { token });
    expect(statusOf(reuse)).toBe(410);

    const [old] = createSignInLinks([s.user.id], "http://x", Date.now() - 8 * 86_400_000);
    expect(payload<any>(await run(welcome.loader, getRequest("/welcome/x"), { token: tokenOf(old.url) })).message).toBe(
      "This sign-in link has expired. Ask the academy for a new one.",
    );
    expect(payload<any>(await run(welcome.loader, getRequest("/welcome/nonsense"), { token: "nonsense" })).state).toBe("unknown");
  });
});

describe("restoring students", () => {
  it("without hashes: every active student restored gets a sign-in link, downloadable as CSV; with hashes: they keep their passwords", async () => {
    const s = await makeStudent({ name: "Restored Student" });
    const plain = [...backupJsonChunks()].join("");
    const withHashes = [...backupJsonChunks(new Date(), { includePasswordHashes: true })].join("");
    expect(plain).not.toContain("$argon2id$");
    expect(withHashes).toContain("$argon2id$");

    // a new, empty site: import through the page (preview, then Import Data)
    switchDatabase(path.join(dir, "restored.db"));
    await seedBase();
    admin = await signIn(OWNER.email, OWNER.password);
    const token = savePendingImport(plain);
    const res = (await run(backupRoute.action, postRequest("/admin/backup", { intent: "import", token, confirm: "on" }, { cookie: admin }))) as Response;
    const location = res.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/admin\/backup\?links=/);
    const page = payload<any>(await run(backupRoute.loader, getRequest(location, admin)));
    expect(page.links.count).toBeGreaterThanOrEqual(1);
    const csv = (await run(linksCsv.loader, getRequest(`/admin/backup/sign-in-links.csv?key=${page.links.key}`, admin))) as Response;
    const rows = parse((await csv.text()).replace(/^\uFEFF/, ""), { columns: true }) as Array<Record<string, string>>;
    const mine = rows.find((r) => r.email === s.email)!;
    expect(mine).toMatchObject({ name: "Restored Student", link: expect.stringMatching(/\/welcome\//) });
    const t = tokenOf(mine.link);
    await run(welcome.action, postRequest(`/welcome/${t}`, { password: "restored-1", confirm: "restored-1" }), { token: t });
    await expect(signIn(s.email, "restored-1")).resolves.toBeTruthy();

    // another empty site, from the export with hashes: the old password works at once
    switchDatabase(path.join(dir, "restored-hashes.db"));
    await seedBase();
    const parsed = parseBackup(withHashes);
    if (!parsed.ok) throw new Error(parsed.error);
    const result = await importBackup(parsed.data);
    expect(result.withoutPassword).not.toContain(s.user.id);
    await expect(signIn(s.email, s.password)).resolves.toBeTruthy();
    expect((rawDb().prepare("SELECT COUNT(*) AS n FROM sign_in_links").get() as { n: number }).n).toBe(0);
  });
});
