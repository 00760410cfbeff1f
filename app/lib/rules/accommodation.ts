/**
 * A student's accommodation (pure; unit-tested): more time and more attempts, for one test or for every test.
 * The test's own accommodation wins over the one for every test.
 */
export type Accommodation = {
  testId: string | null;
  extraMinutes: number;
  extraPercent: number;
  extraAttempts: number;
  /** a personal window (one test's accommodation only): replaces the test's opening and/or closing time */
  opensAt?: Date | number | null;
  closesAt?: Date | number | null;
};

type Window = { opensAt: Date | number | null; closesAt: Date | number | null };

/** The window a student may start a test in: their personal opening and closing times where given, else the test's. */
export function windowFor<W extends Window>(test: W, a: Accommodation | null): W {
  if (!a || (!a.opensAt && !a.closesAt)) return test;
  return { ...test, opensAt: a.opensAt ?? test.opensAt, closesAt: a.closesAt ?? test.closesAt };
}

/** The latest close of a test for anyone (its own, or a student's personal window): ranks and answers wait for it. */
export function latestClose(test: Window, personalCloses: ReadonlyArray<Date | number | null>): Window["closesAt"] {
  if (test.closesAt === null) return null;
  let latest = +test.closesAt;
  for (const c of personalCloses) if (c !== null && +c > latest) latest = +c;
  return new Date(latest);
}

export const ACCOMMODATION_LIMITS = { extraMinutes: 600, extraPercent: 200, extraAttempts: 20, note: 200 } as const;

/** The accommodation that applies to a test: its own, else the one for every test, else none. */
export function accommodationFor<T extends Accommodation>(rows: readonly T[], testId: string): T | null {
  return rows.find((r) => r.testId === testId) ?? rows.find((r) => r.testId === null) ?? null;
}

/** The extra time (ms) on a test of `durationMinutes`: minutes, plus a share of the duration, to the whole second. */
export function extraTimeMs(durationMinutes: number, a: Pick<Accommodation, "extraMinutes" | "extraPercent"> | null): number {
  if (!a) return 0;
  return a.extraMinutes * 60_000 + Math.round((durationMinutes * 60 * a.extraPercent) / 100) * 1000;
}

/** What the start card tells the student about their own accommodation, or null. */
export function accommodationNote(durationMinutes: number, a: Accommodation | null): string | null {
  if (!a) return null;
  const parts: string[] = [];
  const extra = extraTimeMs(durationMinutes, a);
  if (extra > 0) parts.push(`${formatMinutes(extra)} extra time (${formatMinutes(durationMinutes * 60_000 + extra)} in all)`);
  if (a.extraAttempts > 0) parts.push(`${a.extraAttempts} extra attempt${a.extraAttempts === 1 ? "" : "s"}`);
  if (a.opensAt || a.closesAt) parts.push("a window of your own");
  return parts.length ? `Your accommodation: ${parts.join(" and ")}.` : null;
}

function formatMinutes(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}
