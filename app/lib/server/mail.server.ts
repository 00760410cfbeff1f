import nodemailer, { type Transporter } from "nodemailer";
import { academy } from "~/lib/rules/academy";
import { env } from "~/lib/server/env.server";

/**
 * Sending e-mail through the academy's own mail account (SMTP_URL), with nodemailer. Optional: without SMTP_URL
 * nothing is sent and the pages say how to reach the academy instead. Messages are never sent from a request:
 * they wait in the outbox (app/models/outbox.server.ts), which the server's primary process works through.
 */
export type MailMessage = { to: string; subject: string; body: string };

export function mailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

let transport: { url: string; transporter: Transporter } | undefined;

function transporter(): Transporter {
  const url = env().SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set");
  if (transport?.url !== url) {
    // the address's own settings, with timeouts: a mail server that does not answer holds no sender for long
    const options = { ...(nodemailer.createTransport(url).options as object), connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
    transport = { url, transporter: nodemailer.createTransport(options) };
  }
  return transport.transporter;
}

/** The sender: MAIL_FROM, else the academy's name with the account's own address. */
function sender(): string {
  const configured = env().MAIL_FROM;
  if (configured) return configured;
  const user = decodeURIComponent(new URL(env().SMTP_URL ?? "smtp://localhost").username);
  return `"${academy.name}" <${user.includes("@") ? user : `no-reply@${new URL(env().SMTP_URL ?? "smtp://localhost").hostname}`}>`;
}

/** Hands one message to the mail server; throws when it does not take it. */
export async function sendMail(message: MailMessage): Promise<void> {
  await transporter().sendMail({ from: sender(), to: message.to, subject: message.subject, text: message.body });
}
