import { useNonce } from "~/lib/browser/nonce";

/**
 * Until the exam page's own JavaScript has started, a tap on an option is only a checked radio that
 * hydration would reset. This small inline script notes each tap; the page queues them once it runs
 * (and sets window.__examHydrated). Inline, so it costs no request on a slow link: placed after the
 * exam form, it runs before the first paint (both wait for the stylesheet).
 *
 * It is rendered as plain React text, which React escapes: so the code holds none of the characters
 * escaping would change (& < > " ', unit-tested), and takes its names from the tag's data attributes.
 */
export const TAP_RECORDER = `(function () {
  var names = document.currentScript.dataset;
  var taps = [];
  window.__examTaps = taps;
  document.addEventListener(names.event, function (event) {
    var input = event.target;
    if (window.__examHydrated) return;
    if (!input) return;
    if (input.name !== names.field) return;
    if (!input.form) return;
    if (input.form.id !== names.form) return;
    taps.push({ questionId: input.form.elements.namedItem(names.question).value, chosen: Number(input.value), at: Date.now() });
  }, true);
})();`;

export function TapRecorder({ formId }: { formId: string }) {
  const nonce = useNonce();
  // the browser hides a nonce from the DOM after parsing, and React never runs an inline script it
  // renders itself: the server's copy is the one that counts
  return (
    <script nonce={nonce} suppressHydrationWarning data-event="change" data-field="chosen" data-form={formId} data-question="questionId">
      {TAP_RECORDER}
    </script>
  );
}
