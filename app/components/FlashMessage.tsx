import { useEffect, useState } from "react";

const styles = {
  success: "border-green-200 bg-green-50 text-green-800",
  error: "border-red-200 bg-red-50 text-red-700",
  info: "border-blue-200 bg-blue-50 text-blue-800",
} as const;

/** A status message that disappears after 5 seconds (with JavaScript; without, it stays on the page). */
export function FlashMessage({ flash, timeoutMs = 5000 }: { flash: { type: keyof typeof styles; text: string }; timeoutMs?: number }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const t = setTimeout(() => setVisible(false), timeoutMs);
    return () => clearTimeout(t);
  }, [timeoutMs]);
  if (!visible) return null;
  return (
    <div className="mx-auto mt-3 max-w-7xl px-4">
      <p
        role={flash.type === "error" ? "alert" : "status"}
        className={`rounded-lg border px-4 py-2 text-sm font-medium ${styles[flash.type]}`}
        data-testid="flash"
      >
        {flash.text}
      </p>
    </div>
  );
}
