// Marks as students and staff read them (unit-tested in tests/unit/exam-pattern.test.ts). Apart from exam-pattern.ts,
// the marking itself: the exam page shows a question's marks and never downloads the marking.

/** Marks for people: at most 2 decimal places, no trailing zeros ("2", "0.25", "0.33", "-1.5"). */
export function formatMarks(value: number): string {
  const rounded = Math.round(value * 100) / 100 + 0;
  return String(rounded).replace("-", "−");
}

/** A question's marks beside it in the exam: "+2 / −0.5" (a right answer / a wrong one), or "+2" without negative marks. */
export function questionMarksLabel(marks: number, negativeMarks: number): { text: string; spoken: string } {
  const right = `+${formatMarks(marks)}`;
  const spoken = `${formatMarks(marks)} ${marks === 1 ? "mark" : "marks"} for a right answer`;
  if (!negativeMarks) return { text: right, spoken };
  return { text: `${right} / −${formatMarks(negativeMarks)}`, spoken: `${spoken}, ${formatMarks(negativeMarks)} off for a wrong one` };
}
