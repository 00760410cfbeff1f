import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  exportFileName,
  MISSING_COLUMNS,
  nameFromFileName,
  NO_QUESTIONS,
  NOT_UTF8,
  PARSE_ERROR,
  parseQuestionsCsv,
  type ParsedQuestion,
  questionsToCsv,
} from "~/lib/server/csv-questions.server";
import { boldQuoted } from "~/lib/rules/markup";

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures", name)));

function ok(result: ReturnType<typeof parseQuestionsCsv>) {
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe("CSV fixtures from academy staff", () => {
  it("clean-10: the export format with bold quotes", () => {
    const r = ok(parseQuestionsCsv(fixture("clean-10.csv")));
    expect(r.questions).toHaveLength(10);
    expect(r.report.skipped).toEqual([]);
    expect(r.report.fallbacks).toEqual([]);
    expect(r.questions[0]).toEqual({
      question: "Who wrote Paradise Lost?",
      options: ["John Milton", "Edmund Spenser", "John Donne", "Andrew Marvell"],
      correctAnswer: 0,
      explanation: "Milton published Paradise Lost in 1667 in ten books; the 1674 edition has twelve.",
    });
    expect(r.questions[1].question).toBe('Which poem opens with **"Of Man\'s first disobedience"**?');
    expect(r.questions[1].correctAnswer).toBe(1);
    expect(r.questions[1].explanation).toContain('**"Of Man\'s first disobedience, and the fruit"**');
    expect(r.questions[3].correctAnswer).toBe(3);
  });

  it("bom-crlf: byte-order mark, CRLF, a quoted comma, a curly apostrophe", () => {
    const r = ok(parseQuestionsCsv(fixture("bom-crlf.csv")));
    expect(r.hasHeader).toBe(true);
    expect(r.questions[0].question).toBe("Who wrote Gitanjali?");
    expect(r.questions[0].correctAnswer).toBe(1);
    expect(r.questions[2].question).toBe("The Guide, a novel, was written by");
    expect(r.questions[2].correctAnswer).toBe(2);
    expect(r.questions[2].explanation).toBe("Narayan’s The Guide won the Sahitya Akademi Award.");
    for (const q of r.questions) for (const o of q.options) expect(o).not.toMatch(/\r|\n/);
  });

  it("answer-by-text-and-quirks: 7 questions, short row skipped, fallback reported, 2-option row kept", () => {
    const r = ok(parseQuestionsCsv(fixture("answer-by-text-and-quirks.csv")));
    expect(r.questions).toHaveLength(7);
    expect(r.report.rowsRead).toBe(8);
    expect(r.report.skipped).toEqual([{ line: 4, reason: "only 3 values (at least 4 needed)" }]);
    const [middlemarch, keats, achebe, hardy, beowulf, linebreak, hamlet] = r.questions;
    expect(middlemarch.correctAnswer).toBe(0);
    expect(keats.question).toBe('Which poet wrote **"Ode to a Nightingale"**?');
    expect(keats.correctAnswer).toBe(0);
    expect(keats.explanation).toBe('Bold markup: **"Ode to a Nightingale"** (1819).');
    expect(achebe.options).toEqual(["Chinua Achebe", "Wole Soyinka", "Ngũgĩ wa Thiong'o"]);
    expect(hardy.question).toBe("Which of these is a novel by Thomas Hardy, set in Wessex?");
    expect(hardy.options[0]).toBe("Tess of the d'Urbervilles");
    expect(beowulf.correctAnswer).toBe(0);
    expect(r.report.fallbacks).toEqual([{ line: 7, question: 5, given: "7" }]);
    expect(linebreak.question).toBe("Which line break\ninside a quoted question still belongs to one row?");
    expect(hamlet.options).toEqual(["Yes", "No"]);
    expect(hamlet.correctAnswer).toBe(0);
    expect(hamlet.explanation).toBe("An explanation with two options only.");
  });

  it("latin1-not-utf8: refused with a clear message", () => {
    expect(parseQuestionsCsv(fixture("latin1-not-utf8.csv"))).toEqual({ ok: false, error: NOT_UTF8 });
  });
});

describe("parsing rules", () => {
  it("reads a file without a header positionally (no explanation column)", () => {
    const r = ok(parseQuestionsCsv("Q one,A,B,C,2\nQ two,X,Y,Z,W,4\n"));
    expect(r.hasHeader).toBe(false);
    expect(r.questions).toEqual([
      { question: "Q one", options: ["A", "B", "C"], correctAnswer: 1, explanation: null },
      { question: "Q two", options: ["X", "Y", "Z", "W"], correctAnswer: 3, explanation: null },
    ]);
  });
  it("matches the answer by option text in any case, and by letter", () => {
    const r = ok(parseQuestionsCsv("question,a,b,c,correct_answer\nQ,Milton,Donne,Pope,DONNE\nQ2,Milton,Donne,Pope,c\n"));
    expect(r.questions.map((q) => q.correctAnswer)).toEqual([1, 2]);
  });
  it("falls back to the first option for 0 or an unknown text, and reports it", () => {
    const r = ok(parseQuestionsCsv("question,a,b,correct_answer\nQ,A,B,0\nQ2,A,B,maybe\n"));
    expect(r.questions.map((q) => q.correctAnswer)).toEqual([0, 0]);
    expect(r.report.fallbacks.map((f) => f.given)).toEqual(["0", "maybe"]);
  });
  it("keeps up to 6 options (E and F too), at most 6, and notes the rest", () => {
    const five = ok(parseQuestionsCsv("question,option_a,option_b,option_c,option_d,option_e,correct_answer\nQ,A,B,C,D,E,E\n"));
    expect(five.questions[0]).toMatchObject({ options: ["A", "B", "C", "D", "E"], correctAnswer: 4 });
    expect(five.report.fallbacks).toEqual([]);
    const r = ok(parseQuestionsCsv("Q,A,B,C,D,E,F,G,1\n"));
    expect(r.questions[0].options).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(r.report.notes[0]).toMatch(/7 options; only the first 6 were kept/);
  });
  it("ignores a first column of row numbers (S.No, No, #) instead of reading it as the question", () => {
    for (const header of ["S.No", "S. No.", "Sl.No", "No", "#", "Sr No"]) {
      const r = ok(
        parseQuestionsCsv(
          `${header},Question,Option A,Option B,Option C,Option D,Answer,Explanation\n1,Who wrote Beowulf?,Anon,Chaucer,Bede,Alfred,1,Old English\n`,
        ),
      );
      expect(r.questions[0]).toMatchObject({ question: "Who wrote Beowulf?", options: ["Anon", "Chaucer", "Bede", "Alfred"], correctAnswer: 0 });
      expect(r.questions[0].explanation).toBe("Old English");
      expect(r.report.notes[0]).toMatch(/row numbers and was ignored/);
    }
  });
  it("exports option_e and option_f when a test has them, and reads them back", () => {
    const list = [
      { question: "Five", options: ["a", "b", "c", "d", "e"], correctAnswer: 4, explanation: null },
      { question: "Two", options: ["yes", "no"], correctAnswer: 1, explanation: "x" },
    ];
    const csv = questionsToCsv(list);
    expect(csv.split("\n")[0]).toBe("question,option_a,option_b,option_c,option_d,option_e,correct_answer,explanation");
    expect(csv.split("\n")[1]).toBe("Five,a,b,c,d,e,5,");
    expect(ok(parseQuestionsCsv(csv)).questions).toEqual(list.map((q) => ({ ...q, explanation: q.explanation })));
    expect(questionsToCsv([list[1]]).split("\n")[0]).toBe("question,option_a,option_b,option_c,option_d,correct_answer,explanation");
  });
  it("skips a row with fewer than 2 options, and trailing empty cells count as no value", () => {
    const r = parseQuestionsCsv("question,a,b,c,correct_answer\nQ,A,,,1\nQ2,A,B,,,\n");
    expect(r.ok).toBe(false);
    const r2 = ok(parseQuestionsCsv("question,a,b,c,correct_answer\nQ,A,,,1\nGood,A,B,C,1\n"));
    expect(r2.questions).toHaveLength(1);
    expect(r2.report.skipped[0]).toEqual({ line: 2, reason: "only 1 option (at least 2 needed)" });
  });
  it("refuses a header without option and answer columns", () => {
    expect(parseQuestionsCsv("question,answer\nQ,A\n")).toEqual({ ok: false, error: MISSING_COLUMNS });
  });
  it("refuses an empty file and a file of short rows", () => {
    expect(parseQuestionsCsv("")).toEqual({ ok: false, error: NO_QUESTIONS });
    expect(parseQuestionsCsv("a,b\nc,d\n")).toEqual({ ok: false, error: NO_QUESTIONS });
  });
  it("reports unbalanced quotes as a parse error, not an exception", () => {
    const r = parseQuestionsCsv('question,a,b,correct_answer\n"Q,A,B,1\n');
    expect(r.ok ? "parsed" : r.error).toMatch(/parsed|Error parsing CSV file/);
    expect(PARSE_ERROR).toBe("Error parsing CSV file. Please check the format.");
  });
});

describe("export", () => {
  it("writes the spec's columns with 1-based answers and doubled quotes", () => {
    const csv = questionsToCsv([{ question: 'Who wrote **"Kubla Khan"**?', options: ["Keats", "Coleridge"], correctAnswer: 1, explanation: null }]);
    expect(csv).toBe('question,option_a,option_b,option_c,option_d,correct_answer,explanation\n"Who wrote ""Kubla Khan""?",Keats,Coleridge,,,2,\n');
  });
  it("names the file from the title", () => {
    expect(exportFileName("NET: Unit 1 – Chaucer!")).toBe("NET__Unit_1___Chaucer_.csv");
  });
  it("derives bulk test names from file names", () => {
    expect(nameFromFileName("net_unit-3__romantics.csv")).toBe("net unit 3 romantics");
  });

  it("export then re-import gives the same questions, 2 to 6 options (property)", () => {
    const text = fc
      .string({ minLength: 1, maxLength: 40, unit: fc.constantFrom(..."abcXYZ 0123,.;:'\"?!\n-é’ஆ".split("")) })
      .map((s) => s.trim().replace(/\*\*/g, "*"))
      .filter((s) => s.length > 0);
    const question = fc.record({
      question: text,
      options: fc.array(text, { minLength: 2, maxLength: 6 }),
      explanation: fc.option(text, { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 8 }), fc.nat(), (list, seed) => {
        const original: ParsedQuestion[] = list.map((q, i) => ({
          question: boldQuoted(q.question),
          options: q.options,
          correctAnswer: (seed + i) % q.options.length,
          explanation: q.explanation ? boldQuoted(q.explanation) : null,
        }));
        const back = parseQuestionsCsv(questionsToCsv(original));
        expect(back.ok).toBe(true);
        if (back.ok) expect(back.questions).toEqual(original);
      }),
      { numRuns: 200 },
    );
  });
});

describe("rows that do not fit the header", () => {
  it("skips a row with unquoted commas, naming its value count against the header's columns", () => {
    const csv = [
      "question,option_a,option_b,option_c,option_d,correct_answer,explanation",
      "Who wrote Hamlet?,Shakespeare,Marlowe,Jonson,Kyd,1,Elizabethan drama",
      "Who wrote Paradise Lost, the epic?,Milton,Spenser,Donne,Herbert,1,He dictated it, being blind",
    ].join("\n");
    const r = parseQuestionsCsv(csv, { requireHeader: true });
    if (!r.ok) throw new Error(r.error);
    expect(r.questions.map((q) => q.question)).toEqual(["Who wrote Hamlet?"]);
    expect(r.report.skipped).toEqual([
      { line: 3, reason: "9 values for 7 columns: a comma inside a question, option or explanation must be inside double quotes" },
    ]);
  });
});

describe("Indian spreadsheets", () => {
  it("reads each key notation: (a), b), C., Option D, 1, (2), 3.0 and the option text", () => {
    const rows = ["(a)", "b)", "C.", "Option D", "1", "(2)", "3.0", "Donne"].map((key, i) => `Question ${i + 1},Milton,Spenser,Donne,Marvell,${key}`);
    const parsed = ok(parseQuestionsCsv(["question,option_a,option_b,option_c,option_d,correct_answer", ...rows].join("\n")));
    expect(parsed.questions.map((q) => q.correctAnswer)).toEqual([0, 1, 2, 3, 0, 1, 2, 2]);
    expect(parsed.report.fallbacks).toEqual([]);
  });

  it("keeps the line breaks inside a quoted cell (a verse extract)", () => {
    const verse = '"Read the lines:\nShall I compare thee to a summer\'s day?\nThou art more lovely and more temperate"';
    const parsed = ok(parseQuestionsCsv(`question,option_a,option_b,correct_answer\r\n${verse},Shakespeare,Sidney,a\r\n`));
    expect(parsed.questions[0].question).toBe("Read the lines:\nShall I compare thee to a summer's day?\nThou art more lovely and more temperate");
  });

  it("a row with one value too many is skipped for its comma, before the optional columns are read", () => {
    const csv = [
      "question,option_a,option_b,option_c,correct_answer,marks",
      "Who wrote Hamlet?,Marlowe,Shakespeare,Kyd,b,2",
      "Odd, row,Marlowe,Shakespeare,Kyd,b,2",
    ].join("\n");
    const parsed = ok(parseQuestionsCsv(csv));
    expect(parsed.questions).toHaveLength(1);
    expect(parsed.report.skipped).toEqual([
      { line: 3, reason: "7 values for 6 columns: a comma inside a question, option or explanation must be inside double quotes" },
    ]);
  });

  it("flags a question the file has twice", () => {
    const rows = [
      "question,option_a,option_b,correct_answer",
      "Who wrote Hamlet?,Marlowe,Shakespeare,b",
      "Who wrote Lear?,Marlowe,Shakespeare,b",
      "who wrote  HAMLET?,Marlowe,Shakespeare,b",
    ];
    const parsed = ok(parseQuestionsCsv(rows.join("\n")));
    expect(parsed.questions).toHaveLength(3);
    expect(parsed.report.duplicates).toEqual([{ line: 4, question: 3, sameAs: 1 }]);
    expect(parsed.report.notes.join(" ")).toContain("line 4 (question 3) is question 1 again");
  });
});

describe("the template file", () => {
  it("has every column and reads back through the upload: a verse with its lines, keys as (a), Option A and b), sections and marks", async () => {
    const { questionTemplateCsv } = await import("~/lib/server/csv-questions.server");
    const csv = questionTemplateCsv();
    expect(csv.startsWith("\uFEFFquestion,option_a,option_b,option_c,option_d,correct_answer,explanation,marks,section,topic")).toBe(true);
    const parsed = ok(parseQuestionsCsv(csv));
    expect(parsed.report.fallbacks).toEqual([]);
    expect(parsed.report.skipped).toEqual([]);
    expect(parsed.questions.map((q) => [q.correctAnswer, q.section, q.marks ?? null])).toEqual([
      [0, "Poetry", 2],
      [0, "Poetry", null],
      [1, "Tamil", 1],
    ]);
    expect(parsed.questions[0].question.split("\n")).toHaveLength(3);
  });
});
