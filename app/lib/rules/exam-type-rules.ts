import { z } from "zod";

/** Exam type names and values (spec 001 §5 "Exam types"). Pure. */
export const BUILTIN_TEST_TYPES = ["TET", "SET", "NET", "UG_TRB", "PG_TRB", "COLLEGE_TRB"] as const;
export const PREDEFINED_LABELS: Record<string, string> = {
  TET: "TET",
  SET: "SET",
  NET: "NET",
  UG_TRB: "UG TRB",
  PG_TRB: "PG TRB",
  COLLEGE_TRB: "COLLEGE TRB",
};
export const NAME_REQUIRED = "Exam type name is required";
export const DUPLICATE_NAME = "An exam type with this name already exists";

/**
 * Upper-case; each run of characters that are not letters, combining marks or digits (of any script)
 * becomes one underscore; trimmed. Marks are kept: "தமிழ் இலக்கியம்" keeps its vowel signs.
 */
export function examTypeValue(name: string): string {
  return name
    .normalize("NFC")
    .trim()
    .toUpperCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "");
}

/** Values no custom type may take: the menu's "Custom…" entry and the materials-only GENERAL. */
export const RESERVED_EXAM_TYPE_VALUES = ["CUSTOM", "GENERAL"] as const;
export const MAX_EXAM_TYPE_NAME = 60;

/** Why a name cannot be a custom exam type, or null (one rule for the Exam Types tab, uploads and edits). */
export function examTypeProblem(name: string): string | null {
  if (name.trim().length > MAX_EXAM_TYPE_NAME) return `The exam type name is too long (at most ${MAX_EXAM_TYPE_NAME} characters)`;
  const value = examTypeValue(name);
  if (!value) return NAME_REQUIRED;
  if ((RESERVED_EXAM_TYPE_VALUES as readonly string[]).includes(value)) return `“${examTypeLabel(name)}” is reserved: choose another name`;
  return null;
}

export function examTypeLabel(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** A name is a duplicate when its value matches a predefined or another custom type's value. */
export function isDuplicateExamType(name: string, existingValues: readonly string[], exceptValue?: string): boolean {
  const value = examTypeValue(name);
  return [...BUILTIN_TEST_TYPES, "GENERAL", "CUSTOM", ...existingValues].some((v) => v === value && v !== exceptValue);
}

/** The Exam Types tab's form (create and rename): one name, by the rule every path follows. */
export const examTypeNameSchema = z.object({
  name: z
    .string({ message: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .superRefine((name, ctx) => {
      const problem = name ? examTypeProblem(name) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
