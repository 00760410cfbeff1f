import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useHydrated } from "~/lib/browser/hooks";

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
    // the control that opened the dialog gets the focus back when it closes
    const opener = document.activeElement instanceof HTMLElement && !d.contains(document.activeElement) ? document.activeElement : null;
    if (d.open) d.close();
    d.showModal();
    return () => {
      if (d.open) d.close();
      if (opener?.isConnected) setTimeout(() => opener.focus(), 0);
    };
  }, [hydrated]);

  function close() {
    if (onClose) onClose();
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      {!hydrated ? <div className="fixed inset-0 z-40 bg-slate-900/60" aria-hidden="true" /> : null}
      <dialog
        ref={ref}
        open
        aria-labelledby={labelledBy}
        aria-modal="true"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onKeyDown={(e) => {
          // a modal <dialog> makes the page inert, but Tab can still leave for the browser's own
          // controls: keep it going round the dialog's controls
          if (e.key !== "Tab" || !ref.current) return;
          const focusable = [
            ...ref.current.querySelectorAll<HTMLElement>(
              'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
            ),
          ];
          if (!focusable.length) return;
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first.focus();
          }
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

export function DialogCloseLink({
  href,
  onClose,
  children = "Close",
  className = "btn-secondary",
}: {
  href: string;
  onClose?: () => void;
  children?: ReactNode;
  className?: string;
}) {
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
