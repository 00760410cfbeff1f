// Loaded by the exam page before its questions, as a plain script: until the page's own JavaScript has
// started, a tap on an option is only a checked radio that hydration would reset. This notes each tap;
// the page (app/routes/test.$testId.tsx) queues them once it runs and sets window.__examHydrated.
(() => {
  const taps = [];
  window.__examTaps = taps;
  document.addEventListener(
    "change",
    (event) => {
      const input = event.target;
      if (window.__examHydrated || !input || input.name !== "chosen" || !input.form || input.form.id !== "exam-form") return;
      taps.push({ questionId: input.form.elements.namedItem("questionId").value, chosen: Number(input.value), at: Date.now() });
    },
    true,
  );
})();
