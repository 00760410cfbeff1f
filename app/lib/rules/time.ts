/** Dates shown to people, in the academy's time zone (ACADEMY_TIME_ZONE, default Asia/Kolkata). */
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

/** Building an Intl.DateTimeFormat is slow (it showed in the dashboard's CPU profile): keep one per kind and zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "date" | "datetime" | "time", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "date"
        ? { day: "numeric", month: "short", year: "numeric", timeZone }
        : kind === "datetime"
          ? { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" }
          : { hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" };
    f = new Intl.DateTimeFormat("en-IN", options);
    formatters.set(key, f);
  }
  return f;
}

export function formatDate(value: Date | number | string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined) return "—";
  return formatter("date", timeZone).format(new Date(value));
}

export function formatDateTime(value: Date | number | string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined) return "—";
  return formatter("datetime", timeZone).format(new Date(value));
}

export function formatTime(value: Date | number | string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatter("time", timeZone).format(new Date(value));
}

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

/** The day in `timeZone` as "YYYY-MM-DD" (file names: a backup taken at 1 a.m. in India is that day's, not yesterday's in UTC). */
export function dayStamp(value: Date | number, timeZone = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
