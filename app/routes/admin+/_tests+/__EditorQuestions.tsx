import type { MouseEvent } from "react";
import { addOption, deleteQuestion, type EditorQuestion, MAX_OPTIONS, MIN_OPTIONS, newQuestion, removeOption } from "~/lib/rules/test-editor-rules";

/**
 * The question editor's questions: each with its text, 2-6 options (the round button marks the correct
 * one) and an explanation. The editing buttons are submit buttons: without JavaScript they post the
 * working copy and get it back changed; with JavaScript `local` changes it at once.
 */
export function EditorQuestions({
  questions,
  setQuestions,
  local,
  errors = {},
  flagged = {},
}: {
  questions: EditorQuestion[];
  setQuestions: (update: (list: EditorQuestion[]) => EditorQuestion[]) => void;
  local: (e: MouseEvent, change: () => string | null) => void;
  /** what to fix, beside each question (index → the spec's messages) */
  errors?: Record<number, string[]>;
  /** questions an upload flagged (index → why), until the test is published */
  flagged?: Record<number, string>;
}) {
  const toFix = Object.keys(errors).map(Number);
  const setQ = (i: number, q: EditorQuestion) => setQuestions((list) => list.map((x, k) => (k === i ? q : x)));
  return (
    <section aria-labelledby="questions-heading" className="space-y-3">
      <div>
        <h2 id="questions-heading" className="font-semibold">
          Questions
        </h2>
        <p className="text-xs text-slate-500">Text between **double asterisks** is shown in bold. Choose the correct option with its round button.</p>
      </div>
      {toFix.length ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="questions-to-fix">
          Fix {toFix.length === 1 ? "this question" : "these questions"}:{" "}
          {toFix.map((i, k) => (
            <span key={i}>
              {k ? ", " : ""}
              <a href={`#q-${i}`} className="font-semibold underline">
                Question {i + 1}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      {questions.map((q, i) => (
        <fieldset
          key={i}
          className={`card space-y-3 p-4 ${errors[i] ? "border-red-400" : flagged[i] ? "border-amber-400" : ""}`}
          data-testid="editor-question"
          data-flagged={flagged[i] ? "true" : undefined}
        >
          <legend className="sr-only">Question {i + 1}</legend>
          <div className="flex items-start justify-between gap-2">
            <label htmlFor={`q-${i}`} className="label">
              Question {i + 1}
            </label>
            <button
              type="submit"
              name="intent"
              value={`delete-question:${i}`}
              className="text-sm font-medium text-red-700 hover:underline"
              onClick={(e) =>
                local(e, () => {
                  const r = deleteQuestion(questions, i);
                  if (!r.ok) return r.error;
                  setQuestions(() => r.questions);
                  return null;
                })
              }
            >
              Delete question
            </button>
          </div>
          {flagged[i] ? (
            <p className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-900" data-testid="flagged-note">
              {flagged[i]}
            </p>
          ) : null}
          <textarea
            id={`q-${i}`}
            name={`q.${i}.question`}
            value={q.question}
            onChange={(e) => setQ(i, { ...q, question: e.target.value })}
            className="input"
            rows={2}
            aria-invalid={errors[i] ? true : undefined}
            aria-describedby={errors[i] ? `q-${i}-errors` : undefined}
          />
          {errors[i] ? (
            <ul id={`q-${i}-errors`} className="space-y-0.5 text-sm text-red-700" data-testid="question-errors">
              {errors[i].map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : null}
          <div className="space-y-2" role="radiogroup" aria-label={`Correct answer for question ${i + 1}`}>
            {q.options.map((o, j) => (
              <div key={j} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`q.${i}.correct`}
                  value={j}
                  checked={q.correctAnswer === j}
                  onChange={() => setQ(i, { ...q, correctAnswer: j })}
                  aria-label={`Option ${String.fromCharCode(65 + j)} is correct`}
                  className="h-4 w-4"
                />
                <span className="w-5 font-semibold">{String.fromCharCode(65 + j)}</span>
                <input
                  name={`q.${i}.option.${j}`}
                  value={o}
                  onChange={(e) => setQ(i, { ...q, options: q.options.map((x, k) => (k === j ? e.target.value : x)) })}
                  aria-label={`Question ${i + 1} option ${String.fromCharCode(65 + j)}`}
                  className="input"
                />
                {q.options.length > MIN_OPTIONS ? (
                  <button
                    type="submit"
                    name="intent"
                    value={`remove-option:${i}:${j}`}
                    aria-label={`Remove option ${String.fromCharCode(65 + j)} of question ${i + 1}`}
                    className="btn-secondary px-2 py-1"
                    onClick={(e) =>
                      local(e, () => {
                        const r = removeOption(q, j);
                        if (!r.ok) return r.error;
                        setQ(i, r.question);
                        return null;
                      })
                    }
                  >
                    ×
                  </button>
                ) : null}
              </div>
            ))}
          </div>
          {q.options.length < MAX_OPTIONS ? (
            <button
              type="submit"
              name="intent"
              value={`add-option:${i}`}
              className="btn-secondary px-3 py-1 text-xs"
              onClick={(e) =>
                local(e, () => {
                  setQ(i, addOption(q));
                  return null;
                })
              }
            >
              Add option
            </button>
          ) : null}
          <div>
            <label htmlFor={`q-${i}-exp`} className="label">
              Explanation (optional)
            </label>
            <textarea
              id={`q-${i}-exp`}
              name={`q.${i}.explanation`}
              value={q.explanation}
              onChange={(e) => setQ(i, { ...q, explanation: e.target.value })}
              className="input"
              rows={2}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            {(
              [
                ["section", "Section (optional)", "e.g. Paper 1"],
                ["topic", "Topic (optional)", "e.g. Chaucer"],
                ["marks", "Marks (optional)", "the test's"],
              ] as const
            ).map(([field, label, placeholder]) => (
              <div key={field}>
                <label htmlFor={`q-${i}-${field}`} className="label">
                  {label}
                </label>
                <input
                  id={`q-${i}-${field}`}
                  name={`q.${i}.${field}`}
                  value={q[field] ?? ""}
                  onChange={(e) => setQ(i, { ...q, [field]: e.target.value })}
                  className="input"
                  inputMode={field === "marks" ? "decimal" : undefined}
                  maxLength={field === "marks" ? 12 : 100}
                  placeholder={placeholder}
                />
              </div>
            ))}
          </div>
        </fieldset>
      ))}
      <button
        type="submit"
        name="intent"
        value="add-question"
        className="btn-secondary w-full"
        onClick={(e) =>
          local(e, () => {
            setQuestions((list) => [...list, newQuestion()]);
            return null;
          })
        }
      >
        Add question
      </button>
    </section>
  );
}
