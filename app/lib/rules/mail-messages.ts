import { academy } from "./academy";
import { formatDateTime } from "./time";

/** The words of every e-mail the site sends (pure; unit-tested): plain text, the academy's name at the end. */
export type MailText = { subject: string; body: string };

const signature = `\n\n${academy.name}`;

export function passwordResetMail(name: string, url: string, minutes: number): MailText {
  return {
    subject: `Reset your password · ${academy.name}`,
    body: `Hello ${name},\n\nSomeone (we hope you) asked to reset the password of your account. Open this link to choose a new one:\n\n${url}\n\nThe link works once, for ${minutes} minutes. If you did not ask, ignore this e-mail: your password stays as it is.${signature}`,
  };
}

export function signInLinkMail(name: string, url: string, expiresAt: number, timeZone: string): MailText {
  return {
    subject: `Your sign-in link · ${academy.name}`,
    body: `Hello ${name},\n\nThe academy has made an account for you on its online test series. Open this link to choose your password and sign in:\n\n${url}\n\nThe link works once, until ${formatDateTime(expiresAt, timeZone)}.${signature}`,
  };
}

export function announcementMail(title: string, content: string, siteUrl: string): MailText {
  return { subject: `${title} · ${academy.name}`, body: `${content}\n\nSee it on the site: ${siteUrl}${signature}` };
}

export function reportAnswerMail(name: string, testTitle: string, n: number | null, resolution: string, siteUrl: string): MailText {
  const which = n === null ? `a question of ${testTitle}` : `question ${n} of ${testTitle}`;
  return {
    subject: `Your report on ${testTitle} · ${academy.name}`,
    body: `Hello ${name},\n\nThank you for reporting ${which}. The academy's answer:\n\n${resolution}\n\nYour dashboard: ${siteUrl}${signature}`,
  };
}
