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

/** The day in `timeZone` as "YYYY-MM-DD" (file names: a backup taken at 1 a.m. in India is that day's, not yesterday's in UTC). */
export function dayStamp(value: Date | number, timeZone = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
