import { MAX_CSV_BYTES, nameFromFileName, type ParsedQuestion, type ParseReport, parseQuestionsCsv } from "~/lib/server/csv-questions.server";
import { rethrowIfDatabaseTrouble } from "~/lib/server/db-errors.server";
import { MALFORMED_FORM, UPLOAD_UNREADABLE } from "~/lib/server/form-body.server";
import { formToObject } from "~/lib/schemas/forms";
import { readMultipartForm, UploadTooLarge } from "~/lib/server/multipart.server";
import { signPayload, verifyPayload } from "~/lib/server/signed-payload.server";
import { bulkDefaultsSchema, issuesOf, questionsProblem, type TestDetails, testDetailsSchema, windowInstants } from "~/lib/schemas/test-record";
import { env } from "~/lib/server/env.server";
import { eq } from "drizzle-orm";
import { db, transaction } from "~/db/db.server";
import { tests } from "~/db/schema.server";
import { batchById, giveTestToBatch } from "./batches.server";
import { BULK_CUSTOM_NAME_REQUIRED, CSV_ONLY, INVALID_CSV_FILE, looksLikeCsv, NO_VALID_FILES, UPLOAD_REQUIRED } from "~/lib/schemas/test-upload-schema";
import { newId } from "~/lib/server/ids.server";
import { resolveTestExamType } from "./exam-type.server";
import { claimReceipt, oncePerForm, releaseReceipt, storeReceipt } from "./form-receipts.server";
import { logActivity } from "./activity.server";
import { saveImportReport } from "./import-reports.server";
import { namedTests } from "~/lib/rules/change-words";
import { createTest, flaggedCount, type UploadReport } from "./test.server";

export const MAX_FILES = 50;
export const TOO_LARGE = `A file is too large (at most ${MAX_CSV_BYTES / 1024 / 1024} MB per file).`;

/** Reads a multipart form, refusing any part over the size cap while it streams in. */
export async function readUploadForm(request: Request): Promise<{ ok: true; form: FormData } | { ok: false; error: string }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_CSV_BYTES * MAX_FILES) return { ok: false, error: TOO_LARGE };
  try {
    // up to twice the files allowed are read, so a few too many are told "At most 50 files at once"
    const { form } = await readMultipartForm(request, { fileBytes: MAX_CSV_BYTES, files: MAX_FILES * 2 });
    return { ok: true, form };
  } catch (error) {
    if (error instanceof UploadTooLarge) return { ok: false, error: TOO_LARGE };
    rethrowIfDatabaseTrouble(error);
    // a broken multipart body: the sender's mistake, one line in the log
    console.warn(`refused ${request.method} ${new URL(request.url).pathname}: 400 ${MALFORMED_FORM}`);
    return { ok: false, error: UPLOAD_UNREADABLE };
  }
}

/** `receipt`: one per preview, so Create pressed twice (a double click, another tab, Back and again) makes one test. */
type PreviewPayload = { fields: TestDetails; questions: ParsedQuestion[]; fileName: string; report: UploadReport | null; receipt?: string };

/** What a single upload created. */
type Created = { id: string; title: string; count: number; flagged: number };

export const UPLOAD_ALREADY_SENT = "This preview was already sent. If the test is not in Test Management, upload the file again.";

export type PreviewResult =
  | { ok: true; token: string; fields: TestDetails; fileName: string; count: number; questions: ParsedQuestion[]; report: ParseReport }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; values: Record<string, string> };

/** Step 1 of a single upload: check the fields and the file, parse it, and report before saving. */
export async function previewSingleUpload(form: FormData): Promise<PreviewResult> {
  const values = formToObject(form);
  const file = form.get("file");
  // the test record's schema; a missing title or exam type is said in the upload's own words
  const parsedFields = testDetailsSchema.safeParse(values);
  if (!parsedFields.success) {
    const { message, fields } = issuesOf(parsedFields.error);
    return { ok: false, error: fields.title || (fields.examType && !values.examType) ? UPLOAD_REQUIRED : message, fieldErrors: fields, values };
  }
  const type = resolveTestExamType(parsedFields.data.examType, parsedFields.data.customExamType, { create: false });
  if (!type.ok) return { ok: false, error: type.message, fieldErrors: { [type.field]: type.message }, values };
  if (!(file instanceof File) || file.size === 0) return { ok: false, error: UPLOAD_REQUIRED, values };
  if (!looksLikeCsv(file)) return { ok: false, error: INVALID_CSV_FILE, values };
  // the spec's header row is required here ("CSV must contain at least: question, option columns, correct_answer")
  const parsed = parseQuestionsCsv(new Uint8Array(await file.arrayBuffer()), { requireHeader: true });
  if (!parsed.ok) return { ok: false, error: parsed.error, values };
  const questionProblem = questionsProblem(parsed.questions);
  if (questionProblem) return { ok: false, error: questionProblem, values };
  const payload: PreviewPayload = {
    fields: parsedFields.data,
    questions: parsed.questions,
    fileName: file.name,
    report: flaggedRows(parsed.report),
    receipt: newId(),
  };
  return {
    ok: true,
    token: signPayload(payload),
    fields: parsedFields.data,
    fileName: file.name,
    count: parsed.questions.length,
    questions: parsed.questions,
    report: parsed.report,
  };
}

/** The rows a person must check before students see the test (skipped rows, answers that matched no option), or null. */
export function flaggedRows(report: ParseReport): UploadReport | null {
  return report.skipped.length || report.fallbacks.length ? { skipped: report.skipped, fallbacks: report.fallbacks } : null;
}

/**
 * Step 2: create exactly the previewed questions (carried in a signed token). A file with flagged rows
 * gives an inactive test that keeps its report until an admin checks it and publishes (activates) it. The same
 * preview sent again gives the test it made (`repeated`), never a second one.
 */
export async function createFromPreview(token: string | null): Promise<({ ok: true; repeated: boolean } & Created) | { ok: false; error: string }> {
  const payload = verifyPayload<PreviewPayload>(token);
  if (!payload) return { ok: false, error: "The preview has expired or was changed. Please upload the file again." };
  // (a preview signed before receipts carries none, and is not guarded)
  const once = await oncePerForm(
    payload.receipt,
    "test-upload",
    () => createPreviewed(payload),
    (created) => created.ok,
    (created): Created | null => (created.ok ? { id: created.id, title: created.title, count: created.count, flagged: created.flagged } : null),
  );
  if (!once.repeated) return once.result;
  return once.kept ? { ok: true, repeated: true, ...once.kept } : { ok: false, error: UPLOAD_ALREADY_SENT };
}

function createPreviewed(payload: PreviewPayload): ({ ok: true; repeated: false } & Created) | { ok: false; error: string } {
  const f = payload.fields;
  const type = resolveTestExamType(f.examType, f.customExamType);
  if (!type.ok) return { ok: false, error: type.message };
  const examType = type.value;
  const test = createTest(
    {
      title: f.title,
      description: f.description,
      examType,
      duration: f.duration,
      unitNumber: f.unitNumber,
      unitName: f.unitName,
      maxAttempts: f.maxAttempts,
      answerRelease: f.answerRelease,
      // (a preview signed before exam patterns carries none: +1 / 0)
      marksPerCorrect: f.marksPerCorrect ?? 1,
      negativeMarks: f.negativeMarks ?? 0,
      isActive: !payload.report,
      uploadReport: payload.report,
    },
    payload.questions,
  );
  return { ok: true, repeated: false, id: test.id, title: test.title, count: payload.questions.length, flagged: flaggedCount(payload.report) };
}

/** Every file a bulk upload refused, and every row of a created file it skipped or flagged: the lasting report's items. */
export function bulkReportItems(results: BulkFileResult[]): Array<{ where: string; reason: string }> {
  return results.flatMap((r) =>
    !r.ok
      ? [{ where: r.fileName, reason: r.message }]
      : [
          ...(r.report?.skipped ?? []).map((s) => ({ where: `${r.fileName}, line ${s.line}`, reason: `skipped: ${s.reason}` })),
          ...(r.report?.fallbacks ?? []).map((f) => ({
            where: `${r.fileName}, line ${f.line}`,
            reason: `question ${f.question}: the answer “${f.given}” matched no option (the first was taken; the test is inactive until checked)`,
          })),
        ],
  );
}

export type BulkFileResult = { fileName: string; name: string; ok: boolean; message: string; report?: UploadReport | null; notes?: string[] };

/** A file of a bulk upload's preview: the test it makes, its questions and what was flagged in it. */
export type BulkFilePreview = {
  fileName: string;
  name: string;
  examType: string;
  questions: ParsedQuestion[];
  report: ParseReport;
  /** created published (the upload's choice), or hidden because of flagged rows or a question the file has twice */
  active: boolean;
};

/** What a bulk upload's preview signs: every good file's questions and the settings, for Create to make exactly that. */
type BulkPayload = {
  receipt: string;
  files: BulkFilePreview[];
  refused: BulkFileResult[];
  settings: {
    maxAttempts: number | null;
    answerRelease: string | null;
    marksPerCorrect: number;
    negativeMarks: number;
    opensAt: number | null;
    closesAt: number | null;
    batchId: string | null;
  };
};

export type BulkPreview =
  | { ok: false; error: string; fieldErrors?: Record<string, string> }
  | { ok: true; token: string; files: BulkFilePreview[]; refused: BulkFileResult[]; marksPerCorrect: number; negativeMarks: number; batchName: string | null };

/**
 * Bulk upload, step 1: each file with its own name (default from the file name), exam type and duration, checked on
 * its own and read; nothing is written. The preview shows every file's questions, flags and duplicates and the
 * refused files; step 2 (createFromBulkPreview) makes exactly that.
 */
export async function previewBulkUpload(form: FormData, receipt: string): Promise<BulkPreview> {
  const defaults = bulkDefaultsSchema.safeParse(formToObject(form));
  if (!defaults.success) {
    const { message, fields } = issuesOf(defaults.error);
    return { ok: false, error: message, fieldErrors: fields };
  }
  const files = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  if (!files.length) return { ok: false, error: NO_VALID_FILES };
  if (files.length > MAX_FILES) return { ok: false, error: `At most ${MAX_FILES} files at once.` };
  if (files.some((f) => !looksLikeCsv(f))) return { ok: false, error: CSV_ONLY };
  const names = form.getAll("names").map(String);
  const types = form.getAll("examTypes").map(String);
  const customs = form.getAll("customNames").map(String);
  const durations = form.getAll("durations").map(String);
  const descriptions = form.getAll("descriptions").map(String);
  const unitNumbers = form.getAll("unitNumbers").map(String);
  const unitNames = form.getAll("unitNames").map(String);
  const { defaultExamType: defaultType, defaultCustomName: defaultCustom, defaultDuration } = defaults.data;
  // the settings every file's test gets (marking, attempts, answer release, window, batch, active)
  const settings = defaults.data;
  const window = windowInstants(settings, env().ACADEMY_TIME_ZONE);
  if (!window.ok) return { ok: false, error: window.message, fieldErrors: { [window.field]: window.message } };
  const batch = settings.batchId ? batchById(settings.batchId) : null;
  if (settings.batchId && !batch)
    return { ok: false, error: "That batch is gone: choose another", fieldErrors: { batchId: "That batch is gone: choose another" } };

  const refused: BulkFileResult[] = [];
  const ready: BulkFilePreview[] = [];
  const details: TestDetails[] = [];
  for (const [i, file] of files.entries()) {
    const name = (names[i] ?? "").trim() || nameFromFileName(file.name);
    const examType = (types[i] ?? "").trim() || defaultType;
    const custom = (customs[i] ?? "").trim() || defaultCustom;
    const fail = (message: string) => refused.push({ fileName: file.name, name, ok: false, message });
    if (!name || !examType) {
      fail("Name and exam type are required");
      continue;
    }
    if (examType === "CUSTOM" && !custom) {
      fail(BULK_CUSTOM_NAME_REQUIRED);
      continue;
    }
    // each file's details through the test record's schema, as every other path
    const fileDetails = testDetailsSchema.safeParse({
      title: name,
      description: (descriptions[i] ?? "").trim() || `Bulk uploaded test: ${name}`,
      examType,
      customExamType: custom,
      duration: durations[i]?.trim() || defaultDuration,
      unitNumber: unitNumbers[i] ?? "",
      unitName: unitNames[i] ?? "",
    });
    if (!fileDetails.success) {
      fail(issuesOf(fileDetails.error).message);
      continue;
    }
    const type = resolveTestExamType(fileDetails.data.examType, fileDetails.data.customExamType, { create: false });
    if (!type.ok) {
      fail(type.message);
      continue;
    }
    // the same rule as the single upload: a file without the header row is refused, never read as questions
    const parsed = parseQuestionsCsv(new Uint8Array(await file.arrayBuffer()), { requireHeader: true });
    if (!parsed.ok) {
      fail(parsed.error);
      continue;
    }
    const questionProblem = questionsProblem(parsed.questions);
    if (questionProblem) {
      fail(questionProblem);
      continue;
    }
    details.push(fileDetails.data);
    ready.push({
      fileName: file.name,
      name,
      examType: fileDetails.data.examType === "CUSTOM" ? fileDetails.data.customExamType : fileDetails.data.examType,
      questions: parsed.questions,
      report: parsed.report,
      // flagged rows or a question the file has twice: created hidden, for a look first
      active: !flaggedRows(parsed.report) && !parsed.report.duplicates.length && settings.publish === "active",
    });
  }
  const payload: SignedBulkPreview = {
    receipt,
    files: ready,
    refused,
    details,
    settings: {
      maxAttempts: settings.maxAttempts,
      answerRelease: settings.answerRelease || null,
      marksPerCorrect: settings.marksPerCorrect,
      negativeMarks: settings.negativeMarks,
      opensAt: window.opensAt ? +window.opensAt : null,
      closesAt: window.closesAt ? +window.closesAt : null,
      batchId: batch?.id ?? null,
    },
  };
  return {
    ok: true,
    token: signPayload(payload),
    files: ready,
    refused,
    marksPerCorrect: settings.marksPerCorrect,
    negativeMarks: settings.negativeMarks,
    batchName: batch?.name ?? null,
  };
}

export const BULK_PREVIEW_EXPIRED = "The preview has expired or was changed. Please choose the files again.";

export const BULK_BATCH_GONE = "The batch chosen for these tests was deleted. Choose the files again and another batch.";

export type SignedBulkPreview = BulkPayload & { details: TestDetails[] };

/** A bulk upload's signed preview, or null when it has expired or was changed. */
export function readBulkPreview(token: string | null): SignedBulkPreview | null {
  return verifyPayload<SignedBulkPreview>(token);
}

/**
 * Bulk upload, step 2: creates exactly the previewed files' tests with the upload's settings (a window, a batch) and
 * reports every file, the refused ones too. (The route guards the preview's receipt against a second press.)
 */
export function createFromBulkPreview(
  payload: SignedBulkPreview,
): { ok: false; error: string } | { ok: true; created: number; errors: number; results: BulkFileResult[] } {
  const { settings } = payload;
  const batch = settings.batchId ? batchById(settings.batchId) : null;
  // the batch chosen was deleted since the preview: never give the tests to every student instead
  if (settings.batchId && !batch) return { ok: false, error: BULK_BATCH_GONE };
  const results: BulkFileResult[] = [...payload.refused];
  let created = 0;
  for (const [i, r] of payload.files.entries()) {
    const details = payload.details[i] as TestDetails;
    try {
      const type = resolveTestExamType(details.examType, details.customExamType);
      if (!type.ok) throw new Error(type.message);
      const flagged = flaggedRows(r.report);
      const test = createTest(
        {
          title: details.title,
          description: details.description,
          examType: type.value,
          duration: details.duration,
          unitNumber: details.unitNumber,
          unitName: details.unitName,
          isActive: r.active,
          uploadReport: flagged,
          maxAttempts: settings.maxAttempts,
          answerRelease: settings.answerRelease,
          marksPerCorrect: settings.marksPerCorrect,
          negativeMarks: settings.negativeMarks,
        },
        r.questions,
      );
      if (settings.opensAt || settings.closesAt)
        setTestWindow(test.id, settings.opensAt ? new Date(settings.opensAt) : null, settings.closesAt ? new Date(settings.closesAt) : null);
      if (batch) giveTestToBatch(test.id, batch.id, { opensAt: null, closesAt: null, answerRelease: null });
      created += 1;
      results.push({ fileName: r.fileName, name: r.name, ok: true, message: `${r.questions.length} questions`, report: flagged, notes: r.report.notes });
    } catch (error) {
      console.error("bulk upload item failed", r.fileName, error);
      results.push({ fileName: r.fileName, name: r.name, ok: false, message: "Error uploading test. Please try again." });
    }
  }
  return { ok: true, created, errors: results.filter((r) => !r.ok).length, results };
}

/**
 * Bulk upload's Create, once per preview (its receipt) and whole: the tests, the activity line, the lasting report of
 * the refused files and flagged rows (Backup & Import → Import reports) and the stored result are one transaction. A
 * server stopped halfway leaves no test made and the receipt free, so Create pressed again makes them all and says so.
 */
export function createBulkOnce(previewed: SignedBulkPreview, admin: { id: string; name: string }): { ok: true } | { ok: false; error: string } {
  const { receipt } = previewed;
  return transaction(() => {
    // pressed again (a double click, back and Create): the first press's result is what the list shows
    if (!claimReceipt(receipt, "bulk-upload")) return { ok: true };
    const result = createFromBulkPreview(previewed);
    if (!result.ok) {
      releaseReceipt(receipt);
      return result;
    }
    logActivity(admin, "tests-upload", {
      detail: `${result.created} created, ${result.errors} refused: ${namedTests(result.results.filter((r) => r.ok).map((r) => r.name))}`,
    });
    const files = result.results.map((r) => r.fileName);
    const reportId = saveImportReport(
      "bulk-upload",
      files.length === 1 ? files[0] : `${files.length} files`,
      `Bulk upload: ${result.created} created, ${result.errors} refused`,
      bulkReportItems(result.results),
      admin.id,
    );
    storeReceipt(receipt, { ...result, reportId });
    return { ok: true };
  });
}

/** A bulk-uploaded test's window (the same for every file of the upload). */
function setTestWindow(testId: string, opensAt: Date | null, closesAt: Date | null) {
  db().update(tests).set({ opensAt, closesAt }).where(eq(tests.id, testId)).run();
}
