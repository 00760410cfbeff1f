import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { findUserBySignInName, userSignInName } from "./user.server";
import { enqueueMail } from "./outbox.server";
import { admitPasswordReset } from "./throttle.server";
import { passwordResetMail, signInLinkMail } from "~/lib/rules/mail-messages";
import { db, transaction } from "~/db/db.server";
import { signInLinks, users } from "~/db/schema.server";
import { hashPassword } from "~/lib/server/password.server";
import { endAllSessions } from "~/models/session.server";
import { newId } from "~/lib/server/ids.server";
import { isTokenShaped, type LinkState, linkState, SIGN_IN_LINK_DAYS } from "~/lib/rules/sign-in-link-rules";
import { claimReceipt, readReceipt, storeReceipt } from "./form-receipts.server";

const DAY = 86_400_000;
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export type CreatedLink = { userId: string; name: string; email: string; url: string; expiresAt: number };

/**
 * Creates a one-time sign-in link for each user (a student's earlier unused links stop working). The
 * link is returned once: only its hash is stored.
 */
export function createSignInLinks(userIds: string[], origin: string, now = Date.now(), days = SIGN_IN_LINK_DAYS): CreatedLink[] {
  const out: CreatedLink[] = [];
  const expiresAt = now + days * DAY;
  for (let from = 0; from < userIds.length; from += 500) {
    const batch = userIds.slice(from, from + 500);
    const people = db().select({ id: users.id, name: users.name, email: userSignInName }).from(users).where(inArray(users.id, batch)).all();
    transaction((tx) => {
      for (const p of people) {
        tx.delete(signInLinks)
          .where(and(eq(signInLinks.userId, p.id), isNull(signInLinks.usedAt)))
          .run();
        const token = crypto.randomBytes(32).toString("base64url");
        tx.insert(signInLinks)
          .values({ tokenHash: hashToken(token), userId: p.id, createdAt: new Date(now), expiresAt: new Date(expiresAt) })
          .run();
        out.push({ userId: p.id, name: p.name, email: p.email, url: `${origin}/welcome/${token}`, expiresAt });
      }
    });
  }
  return out;
}

/** What a link is: valid (with its student), used, expired or unknown. */
export function findSignInLink(token: string, now = Date.now()): { state: LinkState; user?: { id: string; name: string; email: string; status: string } } {
  if (!isTokenShaped(token)) return { state: "unknown" };
  const row = db()
    .select({ expiresAt: signInLinks.expiresAt, usedAt: signInLinks.usedAt, id: users.id, name: users.name, email: userSignInName, status: users.status })
    .from(signInLinks)
    .innerJoin(users, eq(users.id, signInLinks.userId))
    .where(eq(signInLinks.tokenHash, hashToken(token)))
    .get();
  const state = linkState(row, now);
  return state === "valid" && row ? { state, user: { id: row.id, name: row.name, email: row.email, status: row.status } } : { state };
}

/**
 * Uses a link: sets the password and marks the link used in one step (a second use, even at the same
 * moment, finds it used), and signs the student out everywhere else.
 */
export async function redeemSignInLink(
  token: string,
  password: string,
  now = Date.now(),
): Promise<{ ok: true; userId: string } | { ok: false; state: LinkState }> {
  const found = findSignInLink(token, now);
  if (found.state !== "valid" || !found.user) return { ok: false, state: found.state };
  const hash = await hashPassword(password);
  return transaction((tx) => {
    const claimed = tx
      .update(signInLinks)
      .set({ usedAt: new Date(now) })
      .where(and(eq(signInLinks.tokenHash, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, new Date(now))))
      .run().changes;
    if (claimed !== 1) return { ok: false as const, state: "used" as const };
    const userId = found.user?.id ?? "";
    tx.update(users)
      .set({ passwordHash: hash, updatedAt: new Date(now) })
      .where(eq(users.id, userId))
      .run();
    endAllSessions(userId, tx);
    return { ok: true as const, userId };
  });
}

/**
 * Who of these users a "Create sign-in links" should reach: students without a password, and of them
 * only those without a valid unused link unless `replaceValid` (a link already sent keeps working
 * unless the admin chooses to replace it). The others are counted by why they were left out.
 */
export function linkTargets(userIds: string[], { replaceValid, now = Date.now() }: { replaceValid: boolean; now?: number }) {
  const targets: string[] = [];
  let withPassword = 0;
  let withValidLink = 0;
  for (let from = 0; from < userIds.length; from += 500) {
    const batch = userIds.slice(from, from + 500);
    const people = db().select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(inArray(users.id, batch)).all();
    const linked = new Set(
      db()
        .select({ userId: signInLinks.userId })
        .from(signInLinks)
        .where(and(inArray(signInLinks.userId, batch), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, new Date(now))))
        .all()
        .map((r) => r.userId),
    );
    for (const p of people) {
      if (p.passwordHash) withPassword += 1;
      else if (linked.has(p.id) && !replaceValid) withValidLink += 1;
      else targets.push(p.id);
    }
  }
  return { targets, withPassword, withValidLink };
}

/** A batch of links kept for download (a day at most, see form-receipts.server.ts). */
export type LinkBatch = { count: number; expiresAt: number; links: CreatedLink[] };

/**
 * Creates links for many users (after an import, or a bulk action) and keeps them for the CSV download
 * (`/admin/backup/sign-in-links.csv?key=`); returns the key and how many.
 */
export function createLinkBatch(userIds: string[], origin: string): { key: string; count: number } {
  const links = createSignInLinks(userIds, origin);
  const key = newId();
  claimReceipt(key, "sign-in-links");
  storeReceipt(key, { count: links.length, expiresAt: links[0]?.expiresAt ?? Date.now(), links } satisfies LinkBatch);
  return { key, count: links.length };
}

/** A kept batch's count and expiry (for the notice that offers its download), or null when gone. */
export function linkBatchSummary(key: string | null): { key: string; count: number; expiresAt: number } | null {
  const batch = readReceipt<LinkBatch>(key, "sign-in-links");
  return batch && key ? { key, count: batch.count, expiresAt: batch.expiresAt } : null;
}

/** A kept batch's links (for the CSV), or null when gone. */
export function linkBatch(key: string | null): CreatedLink[] | null {
  return readReceipt<LinkBatch>(key, "sign-in-links")?.links ?? null;
}

export const RESET_LINK_MINUTES = 30;

/**
 * "Forgot password?": e-mails a one-time link (30 minutes) to the active account with this e-mail address. Says
 * nothing back: the page answers the same whether or not the address has an account, and a request over the
 * throttle sends nothing.
 */
export async function requestPasswordReset(email: string, origin: string, address: string, now = Date.now()): Promise<void> {
  if (!(await admitPasswordReset(email, address))) return;
  const user = findUserBySignInName(email);
  if (!user?.email || user.email !== email || user.status !== "active") return;
  const [link] = createSignInLinks([user.id], origin, now, RESET_LINK_MINUTES / (24 * 60));
  enqueueMail("password-reset", [{ to: user.email, ...passwordResetMail(user.name, link.url, RESET_LINK_MINUTES) }], new Date(now));
}

/** E-mails each new sign-in link to its student, where the student has an e-mail address; returns how many. */
export function emailSignInLinks(links: CreatedLink[], timeZone: string): number {
  return enqueueMail(
    "sign-in-link",
    links.filter((l) => l.email.includes("@")).map((l) => ({ to: l.email, ...signInLinkMail(l.name, l.url, l.expiresAt, timeZone) })),
  );
}
