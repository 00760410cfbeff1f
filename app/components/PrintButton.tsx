import { useHydrated } from "~/lib/browser/hooks";

/** "Print": opens the browser's print dialog. It needs JavaScript, so without it the button is not shown. */
export function PrintButton({ className = "btn-secondary" }: { className?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      Print
    </button>
  );
}
