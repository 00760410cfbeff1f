import { z } from "zod";

export const UPLOAD_REQUIRED = "Please provide test title, exam type, and CSV file";
export const CUSTOM_NAME_REQUIRED = "Please provide a custom exam type name";
export const BULK_CUSTOM_NAME_REQUIRED = "Custom exam type name is required";
export const INVALID_CSV_FILE = "Please select a valid CSV file";
export const CSV_ONLY = "Please select CSV files only";
export const NO_VALID_FILES = "No valid files to upload";
export const UPLOAD_FAILED = "Error uploading test. Please try again.";

const optionalInt = (min: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** The single-upload form's fields (the file is checked separately). */
export const singleUploadSchema = z
  .object({
    title: z.string().trim().min(1, UPLOAD_REQUIRED).max(200, "The title is too long (at most 200 characters)"),
    description: z.string().trim().max(2000, "The description is too long").optional().default(""),
    examType: z.string().trim().min(1, UPLOAD_REQUIRED),
    customExamType: z.string().trim().max(60, "The exam type name is too long").optional().default(""),
    duration: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return 60;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 600) {
          ctx.addIssue({ code: "custom", message: "Duration must be a whole number of minutes, at least 1" });
          return z.NEVER;
        }
        return n;
      }),
    unitNumber: optionalInt(1, "Unit number must be a whole number, at least 1"),
    unitName: z.string().trim().max(100).optional().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.examType === "CUSTOM" && !v.customExamType) ctx.addIssue({ code: "custom", message: CUSTOM_NAME_REQUIRED, path: ["customExamType"] });
  });

export type SingleUploadFields = z.infer<typeof singleUploadSchema>;

/** A CSV file by name or type (spreadsheets on Windows often send application/vnd.ms-excel). */
export function looksLikeCsv(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name) || file.type === "text/csv" || file.type === "application/csv";
}
