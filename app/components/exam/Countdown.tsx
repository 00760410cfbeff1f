import { useEffect, useRef, useState } from "react";
import { formatClock, remainingSeconds, WARNING_SECONDS } from "~/lib/exam-rules";
import { useHydrated } from "~/lib/hooks";

/**
 * The exam clock. The server's deadline is the truth: the browser only counts down towards it,
 * correcting its own clock by the server time of the last reply. Without JavaScript it shows the
 * minutes left and the clock time of the deadline.
 */
export function Countdown({
  deadlineAt,
  serverOffsetMs,
  deadlineClock,
  initialRemaining,
  onExpire,
}: {
  deadlineAt: number;
  serverOffsetMs: number;
  deadlineClock: string;
  initialRemaining: number;
  onExpire: () => void;
}) {
  const hydrated = useHydrated();
  const [left, setLeft] = useState(initialRemaining);
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    if (!hydrated) return;
    const tick = () => {
      const s = remainingSeconds(deadlineAt, Date.now() + serverOffsetMs);
      setLeft(s);
      if (s <= 0 && !expired.current) {
        expired.current = true;
        onExpireRef.current();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [hydrated, deadlineAt, serverOffsetMs]);

  const warning = left < WARNING_SECONDS;
  if (!hydrated) {
    return (
      <div className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${warning ? "bg-red-100 text-red-700" : "bg-slate-100 text-slate-800"}`}>
        About {Math.ceil(initialRemaining / 60)} min left · ends at {deadlineClock}
      </div>
    );
  }
  return (
    <div
      role="timer"
      aria-label={`Time left ${formatClock(left)}`}
      className={`rounded-lg px-3 py-1.5 font-mono text-lg font-bold tabular-nums ${warning ? "bg-red-100 text-red-700" : "bg-slate-100 text-slate-800"}`}
      data-warning={warning ? "true" : "false"}
    >
      {formatClock(left)}
    </div>
  );
}
