/**
 * The question bank (pure; unit-tested): a question's identity across tests, and drawing a test's questions by
 * topic or section counts.
 *
 * Identity: the same question text with the same options, in the same order, ignoring case and runs of spaces.
 * A question copied into another test (Clone, a generated test, the same CSV row uploaded twice) is the same bank
 * question there, so its statistics add up; an edit that changes its words or options makes a new one (the
 * answer key is not part of it: a regrade fixes the key of the same question).
 */

const norm = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** 53-bit string hash (cyrb53), twice with two seeds: 26 hex digits, no collision to fear at a bank's size. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/** A question's bank identity from its words and options. */
export function bankKeyOf(question: string, options: readonly string[]): string {
  const text = [norm(question), ...options.map(norm)].join("\u0000");
  return `${hash53(text, 1)}${hash53(text, 2)}`.slice(0, 26);
}

export const BANK_KEY_PATTERN = /^[0-9a-f]{26}$/;

/** One ask of a generated test: `count` questions of a topic or of a section (`NO_TAG`: of none). */
export type BankPick = { kind: "topic" | "section"; tag: string; count: number };

/** The tag of a pick (and of the bank's filters) for questions without a topic or section. */
export const NO_TAG = "-";

/** A pick's words: `the topic “Chaucer”`, `questions without a topic`. */
export function pickName(pick: Pick<BankPick, "kind" | "tag">): string {
  return pick.tag === NO_TAG ? `questions without a ${pick.kind}` : `the ${pick.kind} “${pick.tag}”`;
}
/** A bank question that may be drawn, with its tags and how many of the batch's students have seen it (0: none). */
export type BankCandidate = { key: string; topic: string | null; section: string | null; seen: number };

/** A seeded random number generator (mulberry32), so a draw can be repeated in a test. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type DrawResult = { ok: true; keys: string[] } | { ok: false; short: Array<{ pick: BankPick; available: number }> };

/**
 * Draws each pick's count from the candidates with its tag, in pick order, never the same question twice. At
 * random; with `preferUnseen`, first those the batch has not seen, then the least seen. A pick the bank cannot
 * fill is reported with how many it could give (nothing is drawn then).
 */
export function drawQuestions(
  picks: readonly BankPick[],
  candidates: readonly BankCandidate[],
  options: { preferUnseen: boolean; random: () => number },
): DrawResult {
  const taken = new Set<string>();
  const keys: string[] = [];
  const short: Array<{ pick: BankPick; available: number }> = [];
  for (const pick of picks) {
    if (pick.count <= 0) continue;
    const pool = candidates.filter((c) => !taken.has(c.key) && ((pick.kind === "topic" ? c.topic : c.section) ?? NO_TAG) === pick.tag);
    if (pool.length < pick.count) {
      short.push({ pick, available: pool.length });
      continue;
    }
    const shuffled = pool.map((c) => ({ c, r: options.random() }));
    shuffled.sort((a, b) => (options.preferUnseen ? a.c.seen - b.c.seen : 0) || a.r - b.r);
    for (const { c } of shuffled.slice(0, pick.count)) {
      taken.add(c.key);
      keys.push(c.key);
    }
  }
  return short.length ? { ok: false, short } : { ok: true, keys };
}
