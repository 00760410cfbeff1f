import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TAP_RECORDER, TapRecorder } from "~/routes/_exam+/__TapRecorder";

describe("the exam's inline tap recorder", () => {
  it("holds no character React would escape, so the page carries the code unchanged", () => {
    expect(TAP_RECORDER).not.toMatch(/[&<>"']/);
    const html = renderToString(createElement(TapRecorder, { formId: "exam-form" }));
    expect(html).toContain(TAP_RECORDER);
    expect(html).toContain('data-form="exam-form"');
  });

  it("is valid JavaScript", () => {
    expect(() => new Function(TAP_RECORDER)).not.toThrow();
  });
});
