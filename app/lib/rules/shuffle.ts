/**
 * Shuffling per attempt (pure; unit-tested). A test may shuffle its questions, its options, or both;
 * each attempt stores the mode it started with and a random seed, and its order is computed from them,
 * so it is the same on every load, resume, tab and form post, and costs no storage per question.
 * Answers always keep the ORIGINAL identities (question id, option index): scoring, review, item
 * analysis, regrade and exports never see the shuffle.
 */
import { sectionRanges } from "./sections";
export const SHUFFLE_QUESTIONS = 1;
export const SHUFFLE_OPTIONS = 2;

export type Shuffle = { mode: number; seed: number | null };

/** The mode a test's two settings give. */
export function shuffleModeOf(test: { shuffleQuestions: boolean; shuffleOptions: boolean }): number {
  return (test.shuffleQuestions ? SHUFFLE_QUESTIONS : 0) | (test.shuffleOptions ? SHUFFLE_OPTIONS : 0);
}

/** A 32-bit hash of a string with a seed (FNV-1a), to give each question its own option order. */
function hash(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small seeded generator (the same numbers for the same seed everywhere). */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A permutation of 0..n-1 (Fisher–Yates) from a seed: position → original index. */
export function permutation(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const random = generator(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

export type ShuffledQuestion<Q> = Q & { optionOrder: number[] | null };

/**
 * The attempt's questions in the order the student sees them, each with `optionOrder` (display position
 * → original option index) when options are shuffled. Without a shuffle: the same list, optionOrder null.
 */
export function orderForAttempt<Q extends { id: string; options: readonly unknown[]; section?: string | null }>(
  questions: readonly Q[],
  shuffle: Shuffle,
): ShuffledQuestion<Q>[] {
  if (!shuffle.mode || shuffle.seed === null) return questions.map((q) => ({ ...q, optionOrder: null }));
  const seed = shuffle.seed;
  const ordered = shuffle.mode & SHUFFLE_QUESTIONS ? shuffledQuestions(questions, seed) : [...questions];
  return ordered.map((q) => ({
    ...q,
    optionOrder: shuffle.mode & SHUFFLE_OPTIONS ? permutation(q.options.length, hash(q.id, seed)) : null,
  }));
}

/**
 * The questions in a seeded order. A test with sections (app/lib/rules/sections.ts) shuffles inside each section,
 * so the sections keep their order and each stays one run of questions.
 */
function shuffledQuestions<Q extends { section?: string | null }>(questions: readonly Q[], seed: number): Q[] {
  const ranges = sectionRanges(questions);
  if (!ranges.length) return permutation(questions.length, seed).map((i) => questions[i]);
  return ranges.flatMap((r, k) => {
    const run = questions.slice(r.from - 1, r.to);
    return permutation(run.length, (seed + k) >>> 0).map((i) => run[i]);
  });
}

/** A fresh seed for a new attempt (positive 31-bit, stored as an integer). */
export function newShuffleSeed(random = Math.random): number {
  return 1 + Math.floor(random() * 0x7ffffffe);
}
