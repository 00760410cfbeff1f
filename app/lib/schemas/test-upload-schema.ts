/** Messages of the upload dialogs; the test details themselves follow the test record's schema (test-record.ts). */
export const UPLOAD_REQUIRED = "Please provide test title, exam type, and CSV file";
export const BULK_CUSTOM_NAME_REQUIRED = "Custom exam type name is required";
export const INVALID_CSV_FILE = "Please select a valid CSV file";
export const CSV_ONLY = "Please select CSV files only";
export const NO_VALID_FILES = "No valid files to upload";
export const UPLOAD_FAILED = "Error uploading test. Please try again.";

/** A CSV file by name or type (spreadsheets on Windows often send application/vnd.ms-excel). */
export function looksLikeCsv(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name) || file.type === "text/csv" || file.type === "application/csv";
}
