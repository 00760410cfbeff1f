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

/** Upper-case; each run of characters that are not letters or digits becomes one underscore; trimmed. */
export function examTypeValue(name: string): string {
  return name
    .trim()
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "");
}

export function examTypeLabel(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** A name is a duplicate when its value matches a predefined or another custom type's value. */
export function isDuplicateExamType(name: string, existingValues: readonly string[], exceptValue?: string): boolean {
  const value = examTypeValue(name);
  return [...BUILTIN_TEST_TYPES, "GENERAL", "CUSTOM", ...existingValues].some((v) => v === value && v !== exceptValue);
}
