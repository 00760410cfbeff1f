import type { ReactNode } from "react";

/**
 * A table wider than a phone: it scrolls sideways inside its card, says so on narrow screens, and can
 * be reached and scrolled with the keyboard (a focusable, labelled region: axe's
 * scrollable-region-focusable). It is positioned, so a visually hidden header label inside the table stays
 * inside the region instead of widening the page. Inside it words are not broken to fit (the page's
 * `overflow-wrap: anywhere` would squeeze a column to one letter a line on a phone): the table scrolls instead.
 * On paper, which cannot scroll, they may break again so the table fits the page.
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <p className="mt-2 text-xs text-slate-500 sm:hidden print:hidden" aria-hidden="true">
        Scroll sideways for more →
      </p>
      <div
        role="region"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="relative overflow-x-auto rounded [overflow-wrap:break-word] print:[overflow-wrap:anywhere] focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 print:overflow-visible"
      >
        {children}
      </div>
    </>
  );
}
