// The academy's wall clock in an admin's form: <input type="datetime-local"> has no time zone, so what is typed
// is read, and a stored instant written back, in the academy's zone. (Apart from time.ts: the student pages,
// which only show dates, never download it.)
import { DEFAULT_TIME_ZONE } from "./time";

/**
 * A wall-clock "YYYY-MM-DDTHH:mm" (as typed into <input type="datetime-local">) in `timeZone`
 * → the instant it names. Round-trips with toZonedInput.
 */
export function fromZonedInput(local: string, timeZone = DEFAULT_TIME_ZONE): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // a date or time that does not exist (31 February, 25:99) names no instant (Date.UTC would roll it over)
  const check = new Date(guess);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || check.getUTCHours() !== h || check.getUTCMinutes() !== mi)
    return null;
  // offset of the zone at that instant, applied twice to settle around DST changes
  let ts = guess - zoneOffsetMs(guess, timeZone);
  ts = guess - zoneOffsetMs(ts, timeZone);
  return new Date(ts);
}

export function toZonedInput(value: Date | number, timeZone = DEFAULT_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone })
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZone,
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}
