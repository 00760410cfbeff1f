// Fuzzing the JSON import: random and mutated backups end in a result or one of the spec's messages,
// and an item that fails leaves nothing of itself behind.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { rawDb } from "~/db/db.server";
import { importBackup, MESSAGES, parseBackup } from "~/models/backup.server";
import { seedBase } from "../helpers";

beforeAll(async () => {
  await seedBase();
  // every skipped item is logged; thousands of fuzzed ones would bury the test output
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const SPEC_MESSAGES = [MESSAGES.parse, MESSAGES.format, MESSAGES.empty];
const count = (t: string) => (rawDb().prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;

const anyValue = fc.anything({ maxDepth: 3, withObjectString: true, withNullPrototype: false });
const question = fc.record(
  {
    id: fc.constantFrom("q1", "q2", "x"),
    question: fc.string(),
    options: fc.array(fc.string(), { maxLength: 7 }),
    correctAnswer: fc.integer({ min: -2, max: 8 }),
  },
  { requiredKeys: [] },
);
const testItem = fc.record(
  {
    id: fc.oneof(fc.uuid(), fc.constant("dup")),
    title: fc.string(),
    examType: fc.constantFrom("NET", "", "X"),
    duration: fc.integer({ min: -5, max: 2000 }),
    questions: fc.array(question, { maxLength: 4 }),
  },
  { requiredKeys: [] },
);
const attemptItem = fc.record(
  {
    id: fc.uuid(),
    testId: fc.constantFrom("dup", "missing"),
    userId: fc.constantFrom("u1", "missing"),
    answers: fc.dictionary(fc.constantFrom("q1", "q2"), fc.integer({ min: -1, max: 5 })),
    score: fc.integer({ min: -1, max: 5 }),
    totalQuestions: fc.integer({ min: 0, max: 5 }),
  },
  { requiredKeys: [] },
);
const userItem = fc.record({ id: fc.constantFrom("u1", "u2"), email: fc.oneof(fc.emailAddress(), fc.string()), name: fc.string() }, { requiredKeys: [] });

describe("JSON import fuzzing", () => {
  it("random text ends in a parsed backup or a spec message", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          anyValue.map((v) => JSON.stringify(v) ?? ""),
        ),
        (text) => {
          const r = parseBackup(text);
          if (!r.ok) expect(SPEC_MESSAGES).toContain(r.error);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("mutated backups import item by item: every item is imported, skipped or counted as an error, never half-written", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          users: fc.array(fc.oneof(userItem, anyValue), { maxLength: 3 }),
          tests: fc.array(fc.oneof(testItem, anyValue), { maxLength: 3 }),
          attempts: fc.array(fc.oneof(attemptItem, anyValue), { maxLength: 3 }),
          materials: fc.array(anyValue, { maxLength: 2 }),
          customExamTypes: fc.array(fc.oneof(fc.record({ value: fc.string(), label: fc.string() }), anyValue), { maxLength: 2 }),
        }),
        async (backup) => {
          const parsed = parseBackup(JSON.stringify(backup));
          if (!parsed.ok) {
            expect(SPEC_MESSAGES).toContain(parsed.error);
            return;
          }
          const total = Object.values(parsed.counts).reduce((a, b) => a + b, 0);
          const result = await importBackup(parsed.data);
          expect(result.imported + result.skipped + result.errors).toBe(total);
          // no question without its test, no answer without its attempt
          expect(
            (rawDb().prepare("SELECT COUNT(*) AS n FROM questions q LEFT JOIN tests t ON t.id = q.test_id WHERE t.id IS NULL").get() as { n: number }).n,
          ).toBe(0);
          expect(
            (
              rawDb().prepare("SELECT COUNT(*) AS n FROM attempt_answers aa LEFT JOIN attempts a ON a.id = aa.attempt_id WHERE a.id IS NULL").get() as {
                n: number;
              }
            ).n,
          ).toBe(0);
          for (const row of rawDb()
            .prepare("SELECT total_questions AS n, (SELECT COUNT(*) FROM questions q WHERE q.test_id = t.id) AS q FROM tests t")
            .all() as { n: number; q: number }[]) {
            expect(row.q).toBe(row.n);
          }
        },
      ),
      { numRuns: 150 },
    );
    expect(count("users")).toBeGreaterThan(0);
  });
});
