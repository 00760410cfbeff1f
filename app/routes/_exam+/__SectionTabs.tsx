import type { SectionRange } from "~/lib/rules/sections";

/**
 * The sections of a sectioned test above the question, as the NTA's CBT shows them: one tab per section with
 * its answered count; the current one marked. Each tab is a submit button of the exam form (name `goto`, the
 * section's first question): without JavaScript the server saves the option chosen and opens it; with
 * JavaScript the form's submit handler moves in the page. On a phone the tabs wrap (all in sight, with or without JavaScript).
 */
export function SectionTabs({ ranges, current, answered }: { ranges: readonly SectionRange[]; current: number; answered: readonly number[] }) {
  return (
    <nav aria-label="Sections" className="mb-3 flex flex-wrap gap-2" data-testid="section-tabs">
      {ranges.map((r, k) => {
        const here = current >= r.from && current <= r.to;
        return (
          <button
            key={r.name}
            type="submit"
            name="goto"
            value={r.from}
            aria-current={here ? "true" : undefined}
            className={`shrink-0 rounded-lg border px-3 py-1.5 text-left text-sm ${
              here ? "border-brand-600 bg-brand-50 font-semibold text-brand-900" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            }`}
          >
            {r.name}{" "}
            <span className="whitespace-nowrap text-xs font-normal text-slate-600">
              {answered[k]}/{r.to - r.from + 1}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
