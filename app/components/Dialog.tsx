import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useHydrated } from "~/lib/hooks";

/**
 * A dialog driven by the URL. The server renders it open (so it works without JavaScript, with a
 * close link); in the browser it becomes a modal <dialog>, which traps focus and closes on Escape.
 */
export function Dialog({
  labelledBy,
  closeHref,
  onClose,
  children,
  className = "",
}: {
  labelledBy: string;
  closeHref: string;
  onClose?: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();

  useEffect(() => {
    const d = ref.current;
    if (!d || !hydrated) return;
    if (d.open) d.close();
    d.showModal();
    return () => {
      if (d.open) d.close();
    };
  }, [hydrated]);

  function close() {
    if (onClose) onClose();
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      {!hydrated ? <div className="fixed inset-0 z-40 bg-slate-900/60" aria-hidden="true" /> : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is handled by onCancel */}
      <dialog
        ref={ref}
        open
        aria-labelledby={labelledBy}
        aria-modal="true"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onClick={(e) => {
          if (e.target === ref.current) close();
        }}
        className={`fixed inset-0 z-50 m-auto max-h-[90vh] w-[min(92vw,40rem)] overflow-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 ${className}`}
      >
        {children}
      </dialog>
    </>
  );
}

export function DialogCloseLink({ href, onClose, children = "Close", className = "btn-secondary" }: { href: string; onClose?: () => void; children?: ReactNode; className?: string }) {
  return (
    <Link
      to={href}
      replace
      preventScrollReset
      className={className}
      onClick={(e) => {
        if (onClose) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      {children}
    </Link>
  );
}
