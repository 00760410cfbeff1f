import { Form, useNavigation } from "@remix-run/react";

type ReleaseStatus = { text: string; decision: "hold" | "now" | "auto"; decidable: boolean };

const CHOICES = [
  { value: "auto", label: "Automatic", pending: "Saving..." },
  { value: "hold", label: "Hold answers", pending: "Holding..." },
  { value: "now", label: "Release now", pending: "Releasing..." },
] as const;

/**
 * A test's answer release as its admin sees it, with Hold / Release now / Automatic (the live room and Edit Test).
 * Each is a plain form post to /admin/tests/:id/release, which returns to `back`.
 */
export function ReleaseControl({ testId, status, back }: { testId: string; status: ReleaseStatus; back: string }) {
  const navigation = useNavigation();
  const action = `/admin/tests/${testId}/release`;
  const sending = navigation.state !== "idle" && navigation.formAction === action ? navigation.formData?.get("decision") : null;
  return (
    <section className="card mb-4 p-4" aria-labelledby="release-heading" data-testid="release-control">
      <h2 id="release-heading" className="font-semibold">
        Answers, ranks and leaderboard
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="release-status">
        {status.text}
      </p>
      {status.decidable ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {CHOICES.map((choice) => (
            <Form method="post" action={action} key={choice.value}>
              <input type="hidden" name="decision" value={choice.value} />
              <input type="hidden" name="back" value={back} />
              <button
                type="submit"
                className={status.decision === choice.value ? "btn-primary" : "btn-secondary"}
                aria-pressed={status.decision === choice.value}
                disabled={!!sending}
              >
                {sending === choice.value ? choice.pending : choice.label}
              </button>
            </Form>
          ))}
        </div>
      ) : null}
    </section>
  );
}
