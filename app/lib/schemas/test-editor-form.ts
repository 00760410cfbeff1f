import type { EditorQuestion } from "../rules/test-editor-rules";

/**
 * The question editor posts the whole working copy as flat fields:
 * q.{i}.question, q.{i}.option.{j}, q.{i}.correct (the chosen j), q.{i}.explanation, q.{i}.marks (empty: the test's),
 * q.{i}.section and q.{i}.topic (empty: none).
 */
export function questionsFromForm(form: FormData): EditorQuestion[] {
  const byIndex = new Map<number, EditorQuestion & { optionMap: Map<number, string> }>();
  for (const [key, raw] of form.entries()) {
    if (typeof raw !== "string") continue;
    const m = /^q\.(\d{1,4})\.(question|option|correct|explanation|marks|section|topic)(?:\.(\d{1,2}))?$/.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    let q = byIndex.get(i);
    if (!q) {
      q = { question: "", options: [], correctAnswer: 0, explanation: "", marks: "", section: "", topic: "", optionMap: new Map() };
      byIndex.set(i, q);
    }
    if (m[2] === "question") q.question = raw;
    else if (m[2] === "explanation") q.explanation = raw;
    else if (m[2] === "marks") q.marks = raw;
    else if (m[2] === "section") q.section = raw;
    else if (m[2] === "topic") q.topic = raw;
    else if (m[2] === "correct") q.correctAnswer = Number.parseInt(raw, 10);
    else if (m[3] !== undefined) q.optionMap.set(Number(m[3]), raw);
  }
  return [...byIndex.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, q]) => ({
      question: q.question,
      options: [...q.optionMap.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v),
      correctAnswer: Number.isFinite(q.correctAnswer) ? q.correctAnswer : -1,
      explanation: q.explanation,
      marks: q.marks ?? "",
      section: q.section ?? "",
      topic: q.topic ?? "",
    }));
}

/** The question editor's test details as typed (strings, as the form posts them). */
export type EditorDetails = {
  title: string;
  description: string;
  examType: string;
  customExamType: string;
  duration: string;
  unitNumber: string;
  unitName: string;
  isActive: boolean;
  /** the exam pattern as typed ("" = +1 / 0) */
  marksPerCorrect: string;
  negativeMarks: string;
};

export function detailsFromForm(form: FormData): EditorDetails {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    title: text("title"),
    description: text("description"),
    examType: text("examType"),
    customExamType: text("customExamType"),
    duration: text("duration"),
    unitNumber: text("unitNumber"),
    unitName: text("unitName"),
    isActive: form.get("isActive") === "on",
    marksPerCorrect: text("marksPerCorrect"),
    negativeMarks: text("negativeMarks"),
  };
}
