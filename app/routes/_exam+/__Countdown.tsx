import { useEffect, useRef, useState } from "react";
import { formatClock, remainingSeconds, WARNING_SECONDS } from "~/lib/rules/exam-rules";
import { useHydrated } from "~/lib/browser/hooks";
import { formatTime } from "~/lib/rules/time";

/**
 * The exam clock. The server's deadline is the truth: the browser only counts down towards it,
 * correcting its own clock by the server time of the last reply. The box is the same before and after
 * the page's JavaScript starts (no layout shift): the time left as the server rendered it, and the
 * clock time of the deadline, which is all a page without JavaScript can promise.
 */
export function Countdown({
  deadlineAt,
  serverOffsetMs,
  deadlineClock,
  timeZone,
  initialRemaining,
  onExpire,
}: {
  deadlineAt: number;
  serverOffsetMs: number;
  deadlineClock: string;
  /** the academy's time zone, to write the clock time of a deadline moved by more time */
  timeZone?: string;
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
    // more time given (a later deadline): the clock may reach zero again
    if (remainingSeconds(deadlineAt, Date.now() + serverOffsetMs) > 0) expired.current = false;
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
  return (
    <div
      className={`w-[6.5rem] shrink-0 rounded-lg px-2 py-1 text-center leading-tight ${warning ? "bg-red-100 text-red-700" : "bg-slate-100 text-slate-800"}`}
      data-warning={warning ? "true" : "false"}
    >
      {/* without JavaScript the figure cannot tick: it says it is the time left when the page loaded */}
      <span className="block text-[11px] font-medium uppercase tracking-wide">{hydrated ? "Time Left" : "Left at load"}</span>
      <span
        role="timer"
        aria-label={`Time left ${formatClock(left)}`}
        className="block font-mono text-lg font-bold tabular-nums"
        data-warning={warning ? "true" : "false"}
      >
        {formatClock(left)}
      </span>
      <span className="block whitespace-nowrap text-[11px]">ends {hydrated && timeZone ? formatTime(deadlineAt, timeZone) : deadlineClock}</span>
    </div>
  );
}
