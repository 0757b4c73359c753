/**
 * Local wall-clock times of the shop's zone ↔ instants, with `Intl.DateTimeFormat` only
 * (docs/decisions/040-delivery-windows.md). Pure and browser-safe.
 *
 * A delivery window keeps its local times across daylight saving changes: "Sunday 09:00" is 09:00 on
 * the clock of the shop's zone whatever its offset that day. Two local times are not one instant:
 * - a time that happens twice (the repeated hour when clocks fall back) is its FIRST occurrence, so a
 *   window never starts later than the clock first shows its start;
 * - a time that never happens (the skipped hour when clocks spring forward) is read with the offset in
 *   force before the change (02:30 becomes 03:30), so the window still lasts as long on the clock.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (creating one costs far more than using it). */
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `timeZone` at `instant`: its fields. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Map<string, number>();
  for (const part of formatOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts.set(part.type, Number(part.value));
  }
  const field = (name: Intl.DateTimeFormatPartTypes) => parts.get(name) ?? Number.NaN;
  return {
    year: field("year"),
    month: field("month"),
    day: field("day"),
    hour: field("hour"),
    minute: field("minute"),
    second: field("second"),
  };
}

/** The zone's offset from UTC at `instant`, in ms (Toronto: −5 h in winter, −4 h in summer). */
export function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The local date (`YYYY-MM-DD`) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The local time (`HH:MM`) of `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

const HOUR = 60 * 60 * 1000;

/**
 * The instant at which the clock of `timeZone` shows `time` (`HH:MM`) on `date` (`YYYY-MM-DD`); see
 * the top of this file for the repeated and the skipped hour.
 *
 * @example
 * zonedInstant("2026-11-01", "01:30", "America/Toronto").toISOString() // "2026-11-01T05:30:00.000Z" (EDT, the first 01:30)
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = date.split("-").map(Number);
  const [hh = Number.NaN, mm = Number.NaN] = time.split(":").map(Number);
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  // Every offset the zone may have around that wall time: the one a day before and a day after
  // (a change happens at most once in a day in every zone the shop may use).
  const before = offsetAt(asUtc - 24 * HOUR, timeZone);
  const after = offsetAt(asUtc + 24 * HOUR, timeZone);
  const candidates = [...new Set([before, after, offsetAt(asUtc, timeZone)])]
    .map((offset) => asUtc - offset)
    .filter((instant) => asUtc - offsetAt(instant, timeZone) === instant)
    .sort((a, b) => a - b);
  const first = candidates[0];
  // None: the skipped hour; read with the offset in force before the change.
  return new Date(first ?? asUtc - before);
}

/** `date` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = date.split("-").map(Number);
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** The weekday of a calendar date, 0 (Sunday) to 6 (Saturday). */
export function weekdayOf(date: string): number {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** True for a `YYYY-MM-DD` that is a real calendar date. */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return addDays(date, 0) === date;
}
