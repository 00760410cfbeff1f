import { useNavigate } from "@remix-run/react";
import { type FormEvent, type MouseEvent, useCallback, useEffect, useState } from "react";
import { keepPageData, START_UNREACHABLE, type StartStep, startEndpointOf, startStepOf } from "../rules/page-handoff";

/** false during server render and the first client render, true once React has hydrated */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type Click = { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean };

/**
 * Where a click on a plain link should take the app, or null when the browser should follow it itself
 * (a modified or non-left click, a new-tab or download link, another site).
 */
export function inAppHref(click: Click, link: { href: string | null; target: string; download: boolean } | null): string | null {
  if (!link?.href || click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((link.target && link.target !== "_self") || link.download) return null;
  return link.href.startsWith("/") && !link.href.startsWith("//") ? link.href : null;
}

/**
 * One click handler for a list of plain `<a href>` links: a plain click navigates inside the app, as a
 * Remix `<Link>` would; without JavaScript the links work as links. For long lists only: every `<Link>`
 * resolves its path and follows the navigation state, and fifty of them were a quarter of the exam
 * page's server render.
 */
export function useLinkClicks(options: { replace?: boolean; preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest("a");
    const to = inAppHref(event, anchor && { href: anchor.getAttribute("href"), target: anchor.target, download: anchor.hasAttribute("download") });
    if (!to) return;
    event.preventDefault();
    navigate(to, options);
  };
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
