import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type DB, db, preparedQuery, transaction } from "~/db/db.server";
import { accommodations, tests } from "~/db/schema.server";
import { type Accommodation, accommodationFor } from "~/lib/rules/accommodation";
import { newId } from "~/lib/server/ids.server";

/** A student's accommodations, the one for every test first, with each test's title. */
export function accommodationsOf(userId: string) {
  return db()
    .select({
      id: accommodations.id,
      testId: accommodations.testId,
      testTitle: tests.title,
      extraMinutes: accommodations.extraMinutes,
      extraPercent: accommodations.extraPercent,
      extraAttempts: accommodations.extraAttempts,
      opensAt: accommodations.opensAt,
      closesAt: accommodations.closesAt,
      note: accommodations.note,
      updatedAt: accommodations.updatedAt,
    })
    .from(accommodations)
    .leftJoin(tests, eq(tests.id, accommodations.testId))
    .where(eq(accommodations.userId, userId))
    .orderBy(sql`${accommodations.testId} IS NOT NULL`, tests.title)
    .all();
}

// Start, the start card and the results read these for every student on exam morning: prepared once
const accommodationRowsOf = preparedQuery((d) =>
  d
    .select({
      testId: accommodations.testId,
      extraMinutes: accommodations.extraMinutes,
      extraPercent: accommodations.extraPercent,
      extraAttempts: accommodations.extraAttempts,
      opensAt: accommodations.opensAt,
      closesAt: accommodations.closesAt,
    })
    .from(accommodations)
    .where(
      and(
        eq(accommodations.userId, sql.placeholder("userId")),
        sql`(${accommodations.testId} = ${sql.placeholder("testId")} OR ${accommodations.testId} IS NULL)`,
      ),
    )
    .prepare(),
);
const personalClosesOfTest = preparedQuery((d) =>
  d
    .select({ closesAt: accommodations.closesAt })
    .from(accommodations)
    .where(and(eq(accommodations.testId, sql.placeholder("testId")), isNotNull(accommodations.closesAt)))
    .prepare(),
);

/** The accommodation that applies to this student on this test (its own, else the one for every test), or null. */
export function accommodationOn(_tx: DB, userId: string, testId: string): Accommodation | null {
  return accommodationFor(accommodationRowsOf().all({ userId, testId }), testId);
}

export type AccommodationInput = {
  testId: string | null;
  extraMinutes: number;
  extraPercent: number;
  extraAttempts: number;
  opensAt?: Date | null;
  closesAt?: Date | null;
  note: string;
};

/** Every personal closing time given on a test (ranks and answers after the window wait for the latest). */
export function personalClosesOf(testId: string): number[] {
  return personalClosesOfTest()
    .all({ testId })
    .map((r) => +(r.closesAt as Date));
}

/** Sets a student's accommodation for one test or every test (replacing the one there was). False for an unknown test. */
export function saveAccommodation(userId: string, input: AccommodationInput, now = new Date()): boolean {
  return transaction((tx) => {
    if (input.testId && !tx.select({ id: tests.id }).from(tests).where(eq(tests.id, input.testId)).get()) return false;
    tx.delete(accommodations)
      .where(and(eq(accommodations.userId, userId), input.testId ? eq(accommodations.testId, input.testId) : isNull(accommodations.testId)))
      .run();
    tx.insert(accommodations)
      .values({ id: newId(), userId, ...input, createdAt: now, updatedAt: now })
      .run();
    return true;
  });
}

export function deleteAccommodation(userId: string, id: string): boolean {
  return (
    db()
      .delete(accommodations)
      .where(and(eq(accommodations.userId, userId), eq(accommodations.id, id)))
      .run().changes > 0
  );
}

/** The tests an accommodation may be for: every live test of the student's exam types, by title. */
export function accommodationTestChoices(userId: string) {
  return db().all<{ value: string; label: string }>(sql`
    SELECT t.id AS value, t.title AS label FROM ${tests} t
    WHERE t.archived_at IS NULL AND t.exam_type IN (SELECT exam_type FROM user_exam_types WHERE user_id = ${userId})
    ORDER BY t.title LIMIT 1000`);
}
