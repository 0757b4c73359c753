import type { Unit } from "@fruit/core/browser/money";
import type { WebLocale } from "./locale.ts";

/**
 * Amounts, quantities and dates as a language writes them, with `Intl` (docs/decisions/048-language-by-url.md).
 * The shop charges US dollars: English reads "$12.49", French "12,49 $ US" (a bare "$" would read as
 * Canadian dollars in Québec). Times are the shop's zone's (America/Toronto, like Montréal).
 */
export interface Formatters {
  locale: WebLocale;
  /** 12.49 → "$12.49" / "12,49 $ US". */
  money: (dollars: number) => string;
  /** A quantity in its unit: "0.75 kg" / "0,75 kg", "3 pcs" / "3 pièces". */
  quantity: (unit: Unit, quantity: number) => string;
  /** The unit a price is per: "kg", "pc" / "pièce". */
  perUnit: (unit: Unit) => string;
  /** A whole count: "12,345" / "12 345". */
  count: (value: number) => string;
  /** A moment: "Dec 5, 2026, 10:00 AM" / "5 déc. 2026, 10 h 00". */
  dateTime: (iso: string) => string;
  /** A day: "Dec 5, 2026" / "5 déc. 2026". */
  date: (iso: string) => string;
  /** A day of this year: "Dec 5" / "5 déc.". */
  dayMonth: (iso: string) => string;
}

export const SHOP_TIME_ZONE = "America/Toronto";

const cache = new Map<WebLocale, Formatters>();

/** The formatters of a language (made once per language). */
export function formattersFor(locale: WebLocale): Formatters {
  const made = cache.get(locale);
  if (made) return made;
  const fr = locale === "fr-CA";
  const money = new Intl.NumberFormat(locale === "en" ? "en-US" : locale, {
    style: "currency",
    currency: "USD",
  });
  const kg = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const plural = new Intl.PluralRules(locale);
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: SHOP_TIME_ZONE,
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: SHOP_TIME_ZONE });
  const dayMonth = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    timeZone: SHOP_TIME_ZONE,
  });
  const pieces = (n: number) =>
    fr ? `${plural.select(n) === "one" ? "pièce" : "pièces"}` : plural.select(n) === "one" ? "pc" : "pcs";
  const formatters: Formatters = {
    locale,
    money: (dollars) => money.format(dollars),
    quantity: (unit, quantity) =>
      unit === "kg" ? `${kg.format(quantity)} kg` : `${whole.format(quantity)} ${pieces(quantity)}`,
    perUnit: (unit) => (unit === "kg" ? "kg" : fr ? "pièce" : "pc"),
    count: (value) => whole.format(value),
    dateTime: (iso) => dateTime.format(new Date(iso)),
    date: (iso) => date.format(new Date(iso)),
    dayMonth: (iso) => dayMonth.format(new Date(iso)),
  };
  cache.set(locale, formatters);
  return formatters;
}
