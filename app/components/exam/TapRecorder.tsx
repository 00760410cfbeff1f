import { useNonce } from "~/lib/nonce";

/**
 * Until the exam page's own JavaScript has started, a tap on an option is only a checked radio that
 * hydration would reset. This small inline script notes each tap; the page queues them once it runs
 * (and sets window.__examHydrated). Inline, so it costs no request on a slow link: it runs as soon as
 * the browser parses it, before the question below it is painted.
 */
const TAP_RECORDER = `(() => {
  const taps = [];
  window.__examTaps = taps;
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (window.__examHydrated || !input || input.name !== "chosen" || !input.form || input.form.id !== "exam-form") return;
    taps.push({ questionId: input.form.elements.namedItem("questionId").value, chosen: Number(input.value), at: Date.now() });
  }, true);
})();`;

export function TapRecorder() {
  const nonce = useNonce();
  // the browser hides a nonce from the DOM after parsing, and React never runs an inline script it
  // renders itself: the server's copy is the one that counts
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, never user content
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: TAP_RECORDER }} />;
}
