import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { outbox } from "~/db/schema.server";
import { mailErrorText, MAX_MAIL_ATTEMPTS, retryDelayMs } from "~/lib/rules/outbox-rules";
import { newId } from "~/lib/server/ids.server";
import { mailConfigured, type MailMessage, sendMail } from "~/lib/server/mail.server";

/**
 * The outbox: every e-mail the site sends is a row here first, written with the change that caused it, so a
 * message is never lost to a crash or a mail server that is down. The server's primary process works through it
 * (deliverDueMail, every few seconds): one sender takes a message at a time (claimed in one UPDATE, so two
 * processes never send the same one), a refusal is tried again later (outbox-rules.ts), and a message given up
 * shows in Admin → E-mail with its error and a Send again.
 */
export type MailKind = "password-reset" | "sign-in-link" | "announcement" | "report-answer";
const CLAIM_MS = 2 * 60_000;

/** Queues messages (nothing when no mail server is configured); returns how many were queued. */
export function enqueueMail(kind: MailKind, messages: MailMessage[], now = new Date()): number {
  if (!mailConfigured() || messages.length === 0) return 0;
  const rows = messages
    .filter((m) => m.to)
    .map((m) => ({ id: newId(), toAddress: m.to, subject: m.subject, body: m.body, kind, createdAt: now, nextAttemptAt: now }));
  for (let from = 0; from < rows.length; from += 500)
    db()
      .insert(outbox)
      .values(rows.slice(from, from + 500))
      .run();
  return rows.length;
}

type Claimed = { id: string; toAddress: string; subject: string; body: string; attempts: number };

/** Takes the next message due, for CLAIM_MS (an unfinished claim, after a crash, is taken again when it ends). */
function claimNext(now: number): Claimed | undefined {
  return db().get<Claimed>(sql`
    UPDATE outbox SET claimed_until = ${now + CLAIM_MS}, attempts = attempts + 1
    WHERE id = (SELECT id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
                AND (claimed_until IS NULL OR claimed_until <= ${now}) ORDER BY next_attempt_at LIMIT 1)
    RETURNING id, to_address AS toAddress, subject, body, attempts`);
}

/**
 * Sends the messages that are due, one after another, up to `limit`; returns what happened. `send` is the mail
 * server (tests pass none: the configured one is used).
 */
export async function deliverDueMail({ limit = 50, now = () => Date.now(), send = sendMail } = {}): Promise<{ sent: number; failed: number }> {
  const done = { sent: 0, failed: 0 };
  if (!mailConfigured()) return done;
  for (let i = 0; i < limit; i++) {
    const message = claimNext(now());
    if (!message) break;
    try {
      await send({ to: message.toAddress, subject: message.subject, body: message.body });
      db().run(sql`UPDATE outbox SET sent_at = ${now()}, claimed_until = NULL, last_error = NULL, body = '' WHERE id = ${message.id}`);
      done.sent += 1;
    } catch (error) {
      const wait = retryDelayMs(message.attempts);
      const text = mailErrorText(error);
      if (wait === null) db().run(sql`UPDATE outbox SET failed_at = ${now()}, claimed_until = NULL, last_error = ${text} WHERE id = ${message.id}`);
      else db().run(sql`UPDATE outbox SET next_attempt_at = ${now() + wait}, claimed_until = NULL, last_error = ${text} WHERE id = ${message.id}`);
      done.failed += 1;
    }
  }
  return done;
}

export const OUTBOX_PAGE = 50;

/** Admin → E-mail: whether mail is configured, the counts, and the messages waiting or given up (newest first). */
export function outboxPage(page: number) {
  const counts = db().get<{ waiting: number; failed: number; sentWeek: number }>(sql`
    SELECT COALESCE(SUM(sent_at IS NULL AND failed_at IS NULL), 0) AS waiting, COALESCE(SUM(failed_at IS NOT NULL), 0) AS failed,
           COALESCE(SUM(sent_at > ${Date.now() - 7 * 86_400_000}), 0) AS sentWeek
    FROM outbox`) ?? { waiting: 0, failed: 0, sentWeek: 0 };
  const unsent = counts.waiting + counts.failed;
  const pages = Math.max(1, Math.ceil(unsent / OUTBOX_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = db().all<{
    id: string;
    toAddress: string;
    subject: string;
    kind: string;
    createdAt: number;
    attempts: number;
    nextAttemptAt: number;
    failedAt: number | null;
    lastError: string | null;
  }>(sql`
    SELECT id, to_address AS toAddress, subject, kind, created_at AS createdAt, attempts, next_attempt_at AS nextAttemptAt, failed_at AS failedAt, last_error AS lastError
    FROM outbox WHERE sent_at IS NULL ORDER BY failed_at IS NULL, created_at DESC LIMIT ${OUTBOX_PAGE} OFFSET ${(current - 1) * OUTBOX_PAGE}`);
  return { configured: mailConfigured(), counts, rows, page: current, pages, maxAttempts: MAX_MAIL_ATTEMPTS };
}

/** Send again: the given-up messages (or one of them) go back to the queue, due now. Returns how many. */
export function retryFailedMail(id: string | null, now = Date.now()): number {
  return db().run(sql`UPDATE outbox SET failed_at = NULL, attempts = 0, next_attempt_at = ${now}, last_error = NULL
                      WHERE failed_at IS NOT NULL ${id ? sql`AND id = ${id}` : sql``}`).changes;
}
