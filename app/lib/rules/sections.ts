import { isRightAnswer } from "./exam-pattern";

/**
 * Sections and topics of a test (pure; unit-tested in tests/unit/sections.test.ts). A question may belong to a
 * section of the paper ("Paper 1", "General knowledge") and carry a topic ("Chaucer", "Pedagogy"). A test's
 * sections keep the order in which they first appear, and each section's questions stay together, so a
 * section is a run of consecutive questions: the exam's tabs, its palette and "Save & Next" follow them.
 * A test without sections is one list, as before sections.
 */
export type Sectioned = { section?: string | null; topic?: string | null };

export const SECTION_NAME_MAX = 100;

/** A section or topic name as stored: trimmed, inner spaces collapsed, empty = none. */
export function tagOf(value: string | null | undefined): string | null {
  const tag = (value ?? "").trim().replace(/\s+/g, " ");
  return tag ? tag.slice(0, SECTION_NAME_MAX) : null;
}

/**
 * The questions grouped by section in the order the sections first appear, keeping their order inside each
 * section (a stable grouping). Questions without a section before the first named one stay first; any later
 * ones join the section before them. A list without sections is returned as it is.
 */
export function groupBySection<Q extends Sectioned>(list: readonly Q[]): Q[] {
  if (!list.some((q) => tagOf(q.section))) return [...list];
  const order: Array<string | null> = [];
  const groups = new Map<string | null, Q[]>();
  let current: string | null = null;
  for (const q of list) {
    const name: string | null = tagOf(q.section) ?? current;
    current = name;
    if (!groups.has(name)) {
      groups.set(name, []);
      order.push(name);
    }
    groups.get(name)?.push(q);
  }
  return order.flatMap((name) => groups.get(name) ?? []);
}

export type SectionRange = { name: string; from: number; to: number };

/**
 * The sections of a list already grouped (as stored): each name with its first and last question (1-based).
 * Empty for a test without sections; questions before the first named section form "General".
 */
export function sectionRanges(list: readonly Sectioned[]): SectionRange[] {
  if (!list.some((q) => tagOf(q.section))) return [];
  const ranges: SectionRange[] = [];
  list.forEach((q, i) => {
    const name = tagOf(q.section) ?? ranges.at(-1)?.name ?? "General";
    const last = ranges.at(-1);
    if (last && last.name === name) last.to = i + 1;
    else ranges.push({ name, from: i + 1, to: i + 1 });
  });
  return ranges;
}

/** The section a question (1-based) is in, or null. */
export function sectionAt(ranges: readonly SectionRange[], n: number): SectionRange | null {
  return ranges.find((r) => n >= r.from && n <= r.to) ?? null;
}

export type Outcome = "correct" | "wrong" | "unanswered";
export type ReviewedQuestion = Sectioned & { outcome: Outcome; marks?: number; seconds?: number };

export type SectionFigures = {
  name: string;
  questions: number;
  attempted: number;
  correct: number;
  wrong: number;
  /** right answers over answered ones, whole percent; null when none was answered */
  accuracy: number | null;
  /** marks under the test's pattern (right answers when it has none) */
  marks: number;
  maxMarks: number;
  /** time spent on the section's questions */
  seconds: number;
};

function figuresOf(name: string, items: readonly ReviewedQuestion[], negativeMarks: number): SectionFigures {
  const correct = items.filter((q) => q.outcome === "correct");
  const wrong = items.filter((q) => q.outcome === "wrong").length;
  const attempted = correct.length + wrong;
  const gained = correct.reduce((sum, q) => sum + (q.marks ?? 1), 0);
  return {
    name,
    questions: items.length,
    attempted,
    correct: correct.length,
    wrong,
    accuracy: attempted ? Math.round((correct.length * 100) / attempted) : null,
    marks: Math.round((gained - wrong * negativeMarks) * 100) / 100 + 0,
    maxMarks: Math.round(items.reduce((sum, q) => sum + (q.marks ?? 1), 0) * 100) / 100,
    seconds: items.reduce((sum, q) => sum + (q.seconds ?? 0), 0),
  };
}

/** An attempt's figures per section (in the test's order), from its review; empty for a test without sections. */
export function sectionFigures(review: readonly ReviewedQuestion[], negativeMarks = 0): SectionFigures[] {
  return sectionRanges(review).map((r) => figuresOf(r.name, review.slice(r.from - 1, r.to), negativeMarks));
}

/**
 * The topics of this attempt that went worst: lowest accuracy over the questions of the topic (unanswered ones
 * count as not right), at most `limit`, only topics below `below` percent. Ties: more questions first, then name.
 */
export function weakestTopics(review: readonly ReviewedQuestion[], limit = 3, below = 60) {
  const byTopic = new Map<string, ReviewedQuestion[]>();
  for (const q of review) {
    const topic = tagOf(q.topic);
    if (!topic) continue;
    if (!byTopic.has(topic)) byTopic.set(topic, []);
    byTopic.get(topic)?.push(q);
  }
  return [...byTopic.entries()]
    .map(([topic, items]) => {
      const correct = items.filter((q) => q.outcome === "correct").length;
      return { topic, questions: items.length, correct, percent: Math.round((correct * 100) / items.length) };
    })
    .filter((t) => t.percent < below)
    .sort((a, b) => a.percent - b.percent || b.questions - a.questions || a.topic.localeCompare(b.topic))
    .slice(0, limit);
}

/** What every student did on one question (after release): shown in the review when enough students finished. */
export type CohortFigure = {
  percentRight: number;
  commonWrong: number | null;
  commonWrongPercent: number | null;
  /** the average time on it of those who spent any (whole seconds), null when nobody's was counted */
  averageSeconds: number | null;
};

/** The fewest finished attempts before a question's cohort figures are shown (fewer would say who chose what). */
export const COHORT_MIN_ATTEMPTS = 5;

/**
 * Per question: the share of finished attempts that got it right (unanswered counts as not right) and the
 * wrong option chosen most (ties: the lower option). `picks` are counts per question and chosen option.
 */
export function cohortFigures(
  finished: number,
  key: ReadonlyArray<{ id: string; correctAnswer: number; accepted?: number[] | null }>,
  picks: ReadonlyArray<{ id: string; chosen: number; n: number }>,
  averageSeconds: ReadonlyMap<string, number> = new Map(),
): Map<string, CohortFigure> {
  const out = new Map<string, CohortFigure>();
  if (finished < COHORT_MIN_ATTEMPTS) return out;
  for (const q of key) {
    const mine = picks.filter((p) => p.id === q.id);
    // right: the key or an option a key dispute accepted
    const isRight = (chosen: number) => isRightAnswer(q, chosen);
    const right = mine.filter((p) => isRight(p.chosen)).reduce((sum, p) => sum + p.n, 0);
    const wrong = mine.filter((p) => !isRight(p.chosen)).sort((a, b) => b.n - a.n || a.chosen - b.chosen)[0];
    out.set(q.id, {
      percentRight: Math.round((right * 100) / finished),
      commonWrong: wrong ? wrong.chosen : null,
      commonWrongPercent: wrong ? Math.round((wrong.n * 100) / finished) : null,
      averageSeconds: averageSeconds.has(q.id) ? Math.round(averageSeconds.get(q.id) ?? 0) : null,
    });
  }
  return out;
}

/**
 * The seconds counted on each question, fitted into the attempt's time used: counts taken on the device and by the
 * server can overlap (a page left open past the deadline, a post's travel time), and the review, the sections and
 * the time used must add up. When they exceed `total`, each is scaled down (whole seconds, largest remainders
 * first) so they sum to `total` exactly; otherwise they are kept as they are.
 */
export function fitTimesTo(seconds: readonly number[], total: number): number[] {
  const sum = seconds.reduce((a, b) => a + Math.max(0, b), 0);
  const cap = Math.max(0, Math.floor(total));
  if (sum <= cap) return seconds.map((s) => Math.max(0, s));
  const exact = seconds.map((s) => (Math.max(0, s) * cap) / sum);
  const fitted = exact.map(Math.floor);
  let left = cap - fitted.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    fitted[i]++;
    left--;
  }
  return fitted;
}
