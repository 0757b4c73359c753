/**
 * Amounts, weights, dates and delivery windows as each language writes them, all through `Intl`
 * (docs/decisions/050-i18n-formatjs.md). Browser-safe and pure; formatters are made once per
 * locale and options.
 *
 * The shop charges in US dollars. French Canadian readers take a bare "$" for Canadian dollars, so
 * French amounts name the currency: `Intl.NumberFormat("fr-CA", { currency: "USD" })` writes
 * "12,49 $ US" (with no-break spaces), English "$12.49".
 */
import type { Locale } from "./locale.ts";

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/**
 * An amount in US dollars: "12,49 $ US" in French, "$12.49" in English.
 *
 * @example
 * formatAmount("fr-CA", 12.49) // "12,49 $ US" (U+00A0 / U+202F spaces)
 */
export const formatAmount = (locale: Locale, dollars: number): string =>
  numberFormat(locale, { style: "currency", currency: "USD" }).format(dollars);

/** An amount given in integer cents (what orders store). */
export const formatCents = (locale: Locale, cents: number): string => formatAmount(locale, cents / 100);

/**
 * A plain number with up to `maxDecimals` decimals: "0,75" in French, "0.75" in English.
 */
export const formatNumber = (locale: Locale, value: number, maxDecimals = 3): string =>
  numberFormat(locale, { maximumFractionDigits: maxDecimals }).format(value);

/**
 * A weight in kilograms, to the gram: "0,75 kg" in French, "0.75 kg" in English.
 *
 * @example
 * formatWeight("fr-CA", 0.75) // "0,75 kg"
 */
export const formatWeight = (locale: Locale, kg: number): string =>
  numberFormat(locale, { style: "unit", unit: "kilogram", maximumFractionDigits: 3 }).format(kg);

/** Wall-clock parts of a "YYYY-MM-DD" date and an "HH:MM" time, as a UTC instant (for formatting only). */
function wallClock(date: string, time = "00:00"): Date {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = date.split("-").map(Number);
  const [hh = Number.NaN, mm = Number.NaN] = time.split(":").map(Number);
  return new Date(Date.UTC(y, m - 1, d, hh, mm));
}

/**
 * A delivery window — its date and times are the shop's wall clock (packages/core/src/slots/
 * delivery.schema.ts `DeliverySlotRef`) — as people read it: "samedi 5 décembre, 10 h – 12 h",
 * "Saturday, December 5, 10 AM – 12 PM". Minutes are shown only when a time has some.
 *
 * @example
 * formatWindow("fr-CA", { date: "2026-12-05", start: "10:00", end: "12:00" })
 */
export function formatWindow(locale: Locale, slot: { date: string; start: string; end: string }): string {
  const day = dateFormat(locale, { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });
  const withMinutes = !slot.start.endsWith(":00") || !slot.end.endsWith(":00");
  const hours = dateFormat(locale, {
    timeZone: "UTC",
    hour: "numeric",
    ...(withMinutes ? { minute: "2-digit" } : {}),
  });
  const start = wallClock(slot.date, slot.start);
  const end = wallClock(slot.date, slot.end);
  return `${day.format(start)}, ${hours.formatRange(start, end)}`;
}

/**
 * An instant (an ISO string) as a date and time in the shop's time zone: "5 décembre 2026, 10 h 30",
 * "December 5, 2026, 10:30 AM".
 */
export const formatDateTime = (locale: Locale, iso: string, timeZone: string): string =>
  dateFormat(locale, { timeZone, dateStyle: "long", timeStyle: "short" }).format(new Date(iso));

/** An instant's date alone, in the shop's time zone: "5 décembre 2026", "December 5, 2026". */
export const formatDate = (locale: Locale, iso: string, timeZone: string): string =>
  dateFormat(locale, { timeZone, dateStyle: "long" }).format(new Date(iso));
