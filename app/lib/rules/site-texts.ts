import { academy } from "./academy";

/**
 * The academy's pages of its own words (pure): their addresses, titles and the text a new site starts with. The
 * academy replaces the text in Admin → Site texts (app/models/site-texts.server.ts keeps it); paragraphs are
 * separated by a blank line, and **bold** works as in questions.
 */
export const SITE_TEXTS = {
  terms: {
    path: "/terms",
    title: "Terms of Service",
    text: `These terms apply to the online test series of ${academy.name}.

**Your account.** An account is for one student. Keep your password to yourself; the academy may deactivate an account that is shared, or used to copy or pass on questions.

**The tests.** Questions, answers and explanations belong to the academy. You may use them for your own preparation; you may not copy, sell or publish them. A test may be given a time window, a number of attempts and a date on which its answers are shown.

**Fair use.** Do not try to get answers before they are released, to read other students' results, or to disturb the site for others. Attempts that break these terms may be cancelled.

**The service.** The academy keeps the site running as well as it can, and keeps every answer you save; it may change or end a test series, with notice on the site where possible.

**Questions.** Write to ${academy.email} or call ${academy.phone}.`,
  },
  privacy: {
    path: "/privacy",
    title: "Privacy Policy",
    text: `${academy.name} keeps only what the test series needs.

**What is kept.** Your name, your e-mail address, phone or roll number, your password (only as a one-way hash), your exam types and batches, and your attempts: the answers you chose, your scores and the time you took.

**Why.** To let you sign in, to mark your tests and show your results and progress, and to let the academy's teachers see how their students are doing. Nothing is sold or given to advertisers.

**Who sees it.** You, and the academy's administrators. A leaderboard shows other students your initials (or your name, if the academy chooses) and your score on a test.

**Cookies.** The site uses a sign-in cookie and a cookie that remembers this browser for sign-in, nothing that follows you to other sites.

**Your choice.** Ask the academy at ${academy.email} to see, correct or delete what is kept about you.`,
  },
} as const;

export type SiteTextKey = keyof typeof SITE_TEXTS;

export function isSiteTextKey(value: string): value is SiteTextKey {
  return Object.hasOwn(SITE_TEXTS, value);
}

/** The text's paragraphs: split at blank lines (a single line break stays inside its paragraph). */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
