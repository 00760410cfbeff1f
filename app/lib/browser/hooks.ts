import { useNavigate } from "@remix-run/react";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { keepPageData, START_UNREACHABLE, type StartStep, startEndpointOf, startStepOf } from "../rules/page-handoff";

/** false during server render and the first client render, true once React has hydrated */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The hydrated start card's Start Test: one request answered with the running exam, kept for the exam
 * route (app/lib/rules/page-handoff.ts), then a move to its address. A refusal shows the card's error; a lost
 * connection says so; any other answer (an expired session) lets the form post itself as without JavaScript.
 */
export function useStartWithExam(testId: string) {
  const navigate = useNavigate();
  const [state, setState] = useState<{ starting: boolean; error: string | null }>({ starting: false, error: null });
  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      setState({ starting: true, error: null });
      let step: StartStep;
      try {
        const res = await fetch(startEndpointOf(testId), {
          method: "POST",
          body: new URLSearchParams({ intent: "start" }),
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        const contentType = res.headers.get("Content-Type");
        step = startStepOf(res.status, contentType, contentType?.includes("application/json") ? await res.json() : null);
      } catch {
        setState({ starting: false, error: START_UNREACHABLE });
        return;
      }
      if (step.kind === "error") return setState({ starting: false, error: step.message });
      if (step.kind === "post") return HTMLFormElement.prototype.submit.call(form);
      if (step.kind === "show") keepPageData(step.href, step.page);
      // Start from the confirmation (`?start=confirm`): the exam takes its place in the history, so Back after
      // Finish never lands on a confirmation that spends another attempt with one tap
      navigate(step.href, { replace: new URLSearchParams(window.location.search).has("start") });
    },
    [testId, navigate],
  );
  return { ...state, onSubmit };
}
