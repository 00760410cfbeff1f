/**
 * Question files from spreadsheets (spec 001 §5 "CSV files"), parsed with csv-parse.
 *
 * - UTF-8 with or without a byte-order mark; anything that is not valid UTF-8 is refused.
 * - A first row with a cell containing "question" is a header. An "explanation" header column makes
 *   that column the explanation; the column before it (or the last one) is the correct answer; the
 *   columns between the question and the answer are the options (2 to 6). A first column of row
 *   numbers (header `S.No`, `Sl. No`, `No`, `#` …) is ignored. A row shorter than the header is read
 *   from its end: explanation last (when the header has one), then the answer.
 * - Rows with fewer than 4 values are skipped, and so are rows with more values than the header has
 *   columns (an unquoted comma inside a cell): the report names the count. The answer is a 1-based option number or the option's
 *   text (any case); a single letter A–F is read as the option letter. Anything else falls back to
 *   the first option, and is reported.
 * - Double-quoted text in a question or explanation becomes bold.
 * - An optional header column `marks` (anywhere) gives a question its own marks for a right answer (exam
 *   patterns: app/lib/rules/exam-pattern.ts); empty is the test's. A value that is not a number above 0
 *   ("2", "0.5", "1/2") skips the row. Optional `section` and `topic` columns name the paper's section and the
 *   question's topic; each section's questions are put together, in the order the sections first appear
 *   (app/lib/rules/sections.ts). These columns are taken out before the others are read.
 * Every skipped row and every fallback is reported with its line number, before anything is saved.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { neutraliseFormula, restoreFormula } from "../rules/csv-cells";
import { boldQuoted, plainText } from "../rules/markup";
import { marksInputText, parseMarks } from "../rules/marks-input";
import { groupBySection, tagOf } from "../rules/sections";
import { answerKeyIndex } from "../rules/answer-key";

export const NOT_UTF8 = "This file is not UTF-8 text. In your spreadsheet choose Save As → “CSV UTF-8 (Comma delimited)” and upload it again.";
export const PARSE_ERROR = "Error parsing CSV file. Please check the format.";
export const MISSING_COLUMNS = "CSV must contain at least: question, option columns, correct_answer";
export const NO_QUESTIONS = "No questions found in the file.";
export const MAX_CSV_BYTES = 2 * 1024 * 1024;
export const MAX_QUESTIONS = 500;
export const MAX_CSV_OPTIONS = 6;

/** A header cell of a row-number column ("S.No", "Sl. No.", "Sr No", "No", "#", "Serial"). */
export function isRowNumberHeader(cell: string): boolean {
  return /^(s\.?\s*no\.?|sl\.?\s*no\.?|sr\.?\s*no\.?|no\.?|#|serial(\s*no\.?)?|q\.?\s*no\.?)$/i.test(cell.trim());
}

export type ParsedQuestion = {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string | null;
  marks?: number | null;
  section?: string | null;
  topic?: string | null;
};
export type SkippedRow = { line: number; reason: string };
export type FallbackRow = { line: number; question: number; given: string };
export type DuplicateRow = { line: number; question: number; sameAs: number };
export type ParseReport = { rowsRead: number; skipped: SkippedRow[]; fallbacks: FallbackRow[]; duplicates: DuplicateRow[]; notes: string[] };
export type ParseResult = { ok: true; questions: ParsedQuestion[]; report: ParseReport; hasHeader: boolean } | { ok: false; error: string };

import { decodeUtf8 } from "../rules/csv-utf8";

export { decodeUtf8 };

function valuesOf(row: string[]): string[] {
  const cells = row.map((c) => c.trim());
  while (cells.length && cells[cells.length - 1] === "") cells.pop();
  return cells;
}

/** The key as the sheet gives it ("(a)", "Option A", "1.0", the option's text …: app/lib/rules/answer-key.ts); unmatched: the first option, reported. */
function answerIndex(given: string, options: string[]): { index: number; matched: boolean } {
  const index = answerKeyIndex(given, options);
  return index === null ? { index: 0, matched: false } : { index, matched: true };
}

/** A question's text as duplicates are found: without markup, case and runs of spaces. */
const sameQuestionKey = (text: string) => plainText(text).normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();

export function parseQuestionsCsv(input: Uint8Array | string, options: { requireHeader?: boolean } = {}): ParseResult {
  const text = typeof input === "string" ? input : decodeUtf8(input);
  if (text === null) return { ok: false, error: NOT_UTF8 };
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text.replace(/^\uFEFF/, ""), {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch {
    return { ok: false, error: PARSE_ERROR };
  }
  if (!records.length) return { ok: false, error: NO_QUESTIONS };
  // the optional `marks`, `section` and `topic` columns are read on their own and taken out, so the columns
  // around them are read as without them
  // a row with more values than the header names is set aside first: read by the header's positions, its extra
  // cell would shift the optional columns too ("the marks “Shakespeare” are not a number")
  const headerNames = valuesOf(records[0].record).length;
  const headerRow = records[0].record.map((c) => c.trim().toLowerCase());
  const overlong = new Map<number, number>();
  if (headerRow.some((c) => c.includes("question") && !isRowNumberHeader(c)))
    for (const r of records.slice(1)) {
      const count = valuesOf(r.record).length;
      if (count > headerNames) overlong.set(r.info.lines, count);
    }
  const extras = extraColumnsOf(records, new Set(overlong.keys()));
  const first = records[0].record.map((c) => c.trim().toLowerCase());
  const hasHeader = first.some((c) => c.includes("question") && !isRowNumberHeader(c));
  // a first column of row numbers: the question is the next column
  const skip = hasHeader && first.length > 1 && isRowNumberHeader(first[0]) ? 1 : 0;
  const headerLength = records[0].record.length;
  /** columns the header names (trailing empty cells left out): a row with more values has a stray comma */
  const namedColumns = valuesOf(records[0].record).length;
  let answerCol: number | null = null;
  let explanationCol: number | null = null;
  if (hasHeader) {
    const exp = first.findIndex((c) => c.includes("explanation"));
    explanationCol = exp >= 0 ? exp : null;
    const ans = first.findIndex((c) => c.includes("correct") || c === "answer" || c.includes("answer"));
    answerCol = ans >= 0 ? ans : explanationCol !== null ? explanationCol - 1 : null;
    const optionCols = first.filter((c, i) => i > skip && (answerCol === null || i < answerCol) && c !== "");
    if (options.requireHeader !== false && (answerCol === null || answerCol < 3 + skip || optionCols.length < 2)) {
      return { ok: false, error: MISSING_COLUMNS };
    }
  } else if (options.requireHeader) {
    return { ok: false, error: MISSING_COLUMNS };
  }

  const report: ParseReport = { rowsRead: 0, skipped: [], fallbacks: [], duplicates: [], notes: [] };
  /** the line of each question kept, for the duplicates' report */
  const lines: number[] = [];
  if (skip) report.notes.push(`The first column (“${records[0].record[0].trim()}”) holds row numbers and was ignored.`);
  const questions: ParsedQuestion[] = [];
  const rows = hasHeader ? records.slice(1) : records;
  for (const { record, info } of rows) {
    const line = info.lines;
    report.rowsRead += 1;
    const tooMany = overlong.get(line);
    if (tooMany !== undefined) {
      report.skipped.push({
        line,
        reason: `${tooMany} values for ${headerNames} columns: a comma inside a question, option or explanation must be inside double quotes`,
      });
      continue;
    }
    const values = valuesOf(record.slice(skip));
    if (values.length < 4) {
      report.skipped.push({ line, reason: `only ${values.length} value${values.length === 1 ? "" : "s"} (at least 4 needed)` });
      continue;
    }
    if (hasHeader && values.length + skip > namedColumns) {
      // read by the header's positions, such a row would put half an option into the answer column
      report.skipped.push({
        line,
        reason: `${values.length + skip} values for ${namedColumns} columns: a comma inside a question, option or explanation must be inside double quotes`,
      });
      continue;
    }
    // a cell our own export neutralised ('=…) comes back as it was stored
    const cells = record.slice(skip).map((c) => restoreFormula(c.trim()));
    let aCol: number;
    let eCol: number | null;
    if (hasHeader && answerCol !== null && record.length >= headerLength) {
      // a full row: the header says where each column is
      aCol = answerCol - skip;
      eCol = explanationCol === null ? null : explanationCol - skip;
    } else {
      // a short row: read from its end (explanation last when the header has one, then the answer)
      eCol = explanationCol !== null ? values.length - 1 : null;
      aCol = eCol !== null ? values.length - 2 : values.length - 1;
    }
    const question = cells[0] ?? "";
    if (!question) {
      report.skipped.push({ line, reason: "the question is empty" });
      continue;
    }
    const rawOptions = cells.slice(1, aCol).filter((o) => o !== "");
    if (rawOptions.length < 2) {
      report.skipped.push({ line, reason: `only ${rawOptions.length} option${rawOptions.length === 1 ? "" : "s"} (at least 2 needed)` });
      continue;
    }
    if (rawOptions.length > MAX_CSV_OPTIONS) report.notes.push(`Line ${line}: ${rawOptions.length} options; only the first ${MAX_CSV_OPTIONS} were kept`);
    const opts = rawOptions.slice(0, MAX_CSV_OPTIONS);
    const given = cells[aCol] ?? "";
    const { index, matched } = answerIndex(given, opts);
    const explanation = eCol !== null ? (cells[eCol] ?? "") : "";
    const extra = extras.get(line);
    const marksGiven = extra?.marks ?? "";
    const marks = marksGiven ? parseMarks(marksGiven) : null;
    if (marksGiven && (marks === null || marks <= 0)) {
      report.skipped.push({ line, reason: `the marks “${marksGiven}” are not a number above 0 (such as 2 or 0.5)` });
      continue;
    }
    if (!matched) report.fallbacks.push({ line, question: questions.length + 1, given });
    lines.push(line);
    questions.push({
      question: boldQuoted(question),
      options: opts,
      correctAnswer: index,
      explanation: explanation ? boldQuoted(explanation) : null,
      ...(marks !== null ? { marks } : {}),
      ...(tagOf(extra?.section) ? { section: tagOf(extra?.section) } : {}),
      ...(tagOf(extra?.topic) ? { topic: tagOf(extra?.topic) } : {}),
    });
    if (questions.length > MAX_QUESTIONS) return { ok: false, error: `A test can have at most ${MAX_QUESTIONS} questions.` };
  }
  if (!questions.length) return { ok: false, error: NO_QUESTIONS };
  // a question the file has twice (a row copied down, a file pasted into itself): flagged, not dropped
  const seen = new Map<string, number>();
  questions.forEach((q, i) => {
    const key = sameQuestionKey(q.question);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i + 1);
    else report.duplicates.push({ line: lines[i], question: i + 1, sameAs: first });
  });
  if (report.duplicates.length)
    report.notes.push(
      `${report.duplicates.length} question${report.duplicates.length === 1 ? " repeats" : "s repeat"} an earlier one: ${report.duplicates
        .slice(0, 5)
        .map((d) => `line ${d.line} (question ${d.question}) is question ${d.sameAs} again`)
        .join("; ")}${report.duplicates.length > 5 ? " …" : ""}. Check the file has no row twice.`,
    );
  return { ok: true, questions: groupedBySection(questions, report), report, hasHeader };
}

const EXTRA_COLUMNS = ["marks", "section", "topic"] as const;
type Extras = Partial<Record<(typeof EXTRA_COLUMNS)[number], string>>;

/** Takes the header-named `marks`, `section` and `topic` columns out of every record; their cells by line. */
function extraColumnsOf(records: Array<{ record: string[]; info: { lines: number } }>, setAside: ReadonlySet<number>): Map<number, Extras> {
  const byLine = new Map<number, Extras>();
  const header = records[0].record.map((c) => c.trim().toLowerCase());
  if (!header.some((c) => c.includes("question"))) return byLine;
  const columns = EXTRA_COLUMNS.map((name) => ({ name, at: header.findIndex((c) => c === name || (name === "marks" && c === "mark")) })).filter(
    (c) => c.at >= 0,
  );
  if (!columns.length) return byLine;
  const taken = new Set(columns.map((c) => c.at));
  for (const r of records) {
    if (setAside.has(r.info.lines)) continue;
    const extras: Extras = {};
    for (const c of columns) if (r.record.length > c.at) extras[c.name] = r.record[c.at].trim();
    byLine.set(r.info.lines, extras);
    r.record = r.record.filter((_, i) => !taken.has(i));
  }
  return byLine;
}

/**
 * Each section's questions together, in the order the sections first appear (app/lib/rules/sections.ts); the
 * report's flagged questions are renumbered to match.
 */
function groupedBySection(questions: ParsedQuestion[], report: ParseReport): ParsedQuestion[] {
  const grouped = groupBySection(questions);
  if (grouped.every((q, i) => q === questions[i])) return questions;
  const newNumber = new Map(grouped.map((q, i) => [q, i + 1]));
  report.fallbacks = report.fallbacks.map((f) => ({ ...f, question: newNumber.get(questions[f.question - 1]) ?? f.question }));
  report.duplicates = report.duplicates.map((d) => ({
    ...d,
    question: newNumber.get(questions[d.question - 1]) ?? d.question,
    sameAs: newNumber.get(questions[d.sameAs - 1]) ?? d.sameAs,
  }));
  report.notes.push("The questions of each section were put together, in the order the sections first appear.");
  return grouped;
}

/**
 * The export format: question, option_a … option_d (… option_f when a question has more than four),
 * correct_answer (1-based), explanation, and marks when any question has its own. Our own import reads it back
 * to the same questions.
 */
export function questionsToCsv(list: ParsedQuestion[]): string {
  const withMarks = list.some((q) => q.marks !== null && q.marks !== undefined);
  const withSections = list.some((q) => q.section);
  const withTopics = list.some((q) => q.topic);
  const width = Math.max(4, ...list.map((q) => Math.min(q.options.length, MAX_CSV_OPTIONS)));
  const optionHeaders = Array.from({ length: width }, (_, i) => `option_${String.fromCharCode(97 + i)}`);
  const rows = list.map((q) => {
    const opts = optionHeaders.map((_, i) => plainText(q.options[i] ?? ""));
    const marks = withMarks ? [q.marks === null || q.marks === undefined ? "" : marksInputText(q.marks)] : [];
    const tags = [...(withSections ? [q.section ?? ""] : []), ...(withTopics ? [q.topic ?? ""] : [])];
    return [plainText(q.question), ...opts, String(q.correctAnswer + 1), plainText(q.explanation ?? ""), ...marks, ...tags].map(neutraliseFormula);
  });
  const header = [
    "question",
    ...optionHeaders,
    "correct_answer",
    "explanation",
    ...(withMarks ? ["marks"] : []),
    ...(withSections ? ["section"] : []),
    ...(withTopics ? ["topic"] : []),
  ];
  return stringify([header, ...rows], { quoted_match: /[",\n\r]/ });
}

/** Export file name: the title with every non-alphanumeric character replaced by an underscore. */
export function exportFileName(title: string): string {
  return `${title.replace(/[^a-zA-Z0-9]/g, "_")}.csv`;
}

/** Bulk upload: the test name from a file name (extension dropped, dashes and underscores as spaces). */
export function nameFromFileName(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, "")
    .replace(/[-_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The template a teacher fills in (Test Management → Upload): every column the upload reads, with three example
 * rows (a verse with its line breaks, the key written as Indian answer keys write it, sections, topics and marks,
 * Tamil text). A byte-order mark first, so Excel opens it as UTF-8.
 */
export function questionTemplateCsv(): string {
  const rows = [
    ["question", "option_a", "option_b", "option_c", "option_d", "correct_answer", "explanation", "marks", "section", "topic"],
    [
      "Read the lines and name the poet:\nShall I compare thee to a summer's day?\nThou art more lovely and more temperate",
      "Shakespeare",
      "Spenser",
      "Sidney",
      "Donne",
      "(a)",
      'Sonnet 18, the "fair youth" sonnets.',
      "2",
      "Poetry",
      "Elizabethan sonnet",
    ],
    ["Who wrote Paradise Lost?", "Milton", "Dryden", "Pope", "Marvell", "Option A", "Book I opens in Hell.", "", "Poetry", "Milton"],
    ["கம்பராமாயணத்தை இயற்றியவர் யார்?", "இளங்கோ", "கம்பர்", "திருவள்ளுவர்", "பாரதியார்", "b)", "", "1", "Tamil", ""],
  ];
  return `\uFEFF${stringify(rows, { quoted_match: /[",\n\r]/ })}`;
}
