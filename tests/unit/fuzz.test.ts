// Property-based fuzzing of the two file readers: whatever bytes arrive, the result is a parsed file
// or one of the spec's messages, never an exception.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MISSING_COLUMNS, NO_QUESTIONS, NOT_UTF8, PARSE_ERROR, parseQuestionsCsv } from "~/lib/server/csv-questions.server";

const CSV_MESSAGES = [NOT_UTF8, PARSE_ERROR, MISSING_COLUMNS, NO_QUESTIONS, "A test can have at most 500 questions."];

const csvish = fc.array(
  fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('"', '""', ",", "\r\n", "\n", "question", "explanation", "1", "4", "﻿", "\u0000", "é", "’")), {
    maxLength: 9,
  }),
  { maxLength: 12 },
);

describe("CSV parser fuzzing", () => {
  it("random bytes end in a result or a spec message", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const r = parseQuestionsCsv(bytes);
        if (!r.ok) expect(CSV_MESSAGES).toContain(r.error);
        else for (const q of r.questions) expect(q.correctAnswer).toBeLessThan(q.options.length);
      }),
      { numRuns: 400 },
    );
  });

  it("mutated spreadsheet-like text ends in a result or a spec message", () => {
    fc.assert(
      fc.property(csvish, fc.boolean(), (rows, header) => {
        const text = `${header ? "question,option_a,option_b,option_c,option_d,correct_answer,explanation\n" : ""}${rows.map((r) => r.join(",")).join("\n")}`;
        const r = parseQuestionsCsv(new TextEncoder().encode(text));
        if (!r.ok) expect(CSV_MESSAGES).toContain(r.error);
        else {
          for (const q of r.questions) {
            expect(q.options.length).toBeGreaterThanOrEqual(2);
            expect(q.options.length).toBeLessThanOrEqual(6);
            expect(q.correctAnswer).toBeGreaterThanOrEqual(0);
            expect(q.correctAnswer).toBeLessThan(q.options.length);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
