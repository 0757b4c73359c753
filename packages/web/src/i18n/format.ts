import { DEFAULT_TIME_ZONE, describeSlot } from "@fruit/core/browser/delivery";
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatNumber,
  formatUnitQuantity,
  formatWindow,
  perUnitWord,
} from "@fruit/core/browser/i18n";
import type { Unit } from "@fruit/core/browser/money";
import type { WebLocale } from "./locale.ts";

/**
 * Amounts, quantities and dates in the page's language, bound once per language: core's `Intl`
 * formatters (packages/core/src/i18n/, docs/decisions/050-i18n-formatjs.md), shared with the mails.
 * The shop charges US dollars: English reads "$12.49", French "12,49 $ US". Instants are shown in the
 * shop's time zone.
 */
export interface Formatters {
  locale: WebLocale;
  /** 12.49 → "$12.49" / "12,49 $ US". */
  money: (dollars: number) => string;
  /** A quantity in its unit: "0.75 kg" / "0,75 kg", "3 pcs" / "3 pièces". */
  quantity: (unit: Unit, quantity: number) => string;
  /** The unit a price is per: "kg", "pc" / "pièce". */
  perUnit: (unit: Unit) => string;
  /** A number, up to 3 decimals: "1.5" / "1,5". */
  number: (value: number) => string;
  /** A whole count: "12,345" / "12 345". */
  count: (value: number) => string;
  /** A moment: "December 5, 2026 at 10:00 AM" / "5 décembre 2026 à 10 h 00". */
  dateTime: (iso: string) => string;
  /** A day: "December 5, 2026" / "5 décembre 2026". */
  date: (iso: string) => string;
  /** An instant's day in lists (orders, reviews): "2026-12-05" (docs/product.md §2) / "5 décembre 2026". */
  day: (iso: string) => string;
  /** A day of this year: "Dec 5" / "5 déc.". */
  dayMonth: (iso: string) => string;
  /** A delivery window (the shop's wall clock): "Sat, Dec 5, 10:00–12:00" / "samedi 5 décembre, 10 h – 12 h". */
  window: (slot: { date: string; start: string; end: string }) => string;
  /** A delivery window's day: "Sat, Dec 5" / "sam. 5 déc.". */
  slotDay: (slot: { date: string }) => string;
  /** A weekday, 0 = Sunday: "Monday" / "lundi". */
  weekday: (weekday: number) => string;
  /** A weekly window (a subscription's): "Monday 10:00–12:00" / "lundi 10 h – 12 h". */
  weekly: (window: { weekday: number; start: string; end: string }) => string;
}

/** A Sunday (2026-11-29), from which the weekdays are counted. */
const SUNDAY = Date.UTC(2026, 10, 29);
const DAY_MS = 86_400_000;

/** The shop's time zone (its delivery windows': packages/core/src/slots/delivery.schema.ts). */
export const SHOP_TIME_ZONE = DEFAULT_TIME_ZONE;

const cache = new Map<WebLocale, Formatters>();

/** The formatters of a language (made once per language). */
export function formattersFor(locale: WebLocale): Formatters {
  const made = cache.get(locale);
  if (made) return made;
  const slotDay = new Intl.DateTimeFormat(locale === "en" ? "en-CA" : locale, {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
  });
  const dayMonth = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    timeZone: SHOP_TIME_ZONE,
  });
  const weekdayName = new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "long" });
  const weekday = (day: number) => weekdayName.format(new Date(SUNDAY + day * DAY_MS));
  const hours = new Intl.DateTimeFormat(locale, { timeZone: "UTC", hour: "numeric" });
  const minutes = new Intl.DateTimeFormat(locale, { timeZone: "UTC", hour: "numeric", minute: "2-digit" });
  const at = (time: string) => {
    const [hh = 0, mm = 0] = time.split(":").map(Number);
    return new Date(SUNDAY + (hh * 60 + mm) * 60_000);
  };
  const formatters: Formatters = {
    locale,
    money: (dollars) => formatAmount(locale, dollars),
    quantity: (unit, quantity) => formatUnitQuantity(locale, unit, quantity),
    perUnit: (unit) => perUnitWord(locale, unit),
    number: (value) => formatNumber(locale, value),
    count: (value) => formatNumber(locale, value, 0),
    dateTime: (iso) => formatDateTime(locale, iso, SHOP_TIME_ZONE),
    date: (iso) => formatDate(locale, iso, SHOP_TIME_ZONE),
    day: (iso) => (locale === "en" ? iso.substring(0, 10) : formatDate(locale, iso, SHOP_TIME_ZONE)),
    dayMonth: (iso) => dayMonth.format(new Date(iso)),
    window: (slot) => (locale === "en" ? describeSlot({ id: "", ...slot }) : formatWindow(locale, slot)),
    slotDay: (slot) => slotDay.format(new Date(`${slot.date}T00:00:00Z`)),
    weekday,
    // English keeps the shop's 24-hour "10:00–12:00"; French reads "10 h – 12 h" (Intl's fr-CA; minutes
    // only where a time has some, as core's formatWindow).
    weekly: (w) =>
      locale === "en"
        ? `${weekday(w.weekday)} ${w.start}–${w.end}`
        : `${weekday(w.weekday)} ${(w.start.endsWith(":00") && w.end.endsWith(":00") ? hours : minutes).formatRange(at(w.start), at(w.end))}`,
  };
  cache.set(locale, formatters);
  return formatters;
}
