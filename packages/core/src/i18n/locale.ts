/**
 * The shop's two languages (docs/decisions/050-i18n-formatjs.md): Québec French (`fr-CA`) and English
 * (`en`, the default and the fallback of every missing text). Browser-safe: the SPA reads the same
 * names.
 */
import * as v from "valibot";

export const LOCALES = ["fr-CA", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of whatever has none recorded (an old order, a subscriber from before decision 050). */
export const DEFAULT_LOCALE: Locale = "en";

/**
 * One of the shop's locales, read leniently: "fr-CA", "fr", "fr-FR", "FR_ca" → "fr-CA"; "en",
 * "en-US" → "en"; anything else (or nothing) → undefined.
 *
 * @example
 * parseLocale("fr") // "fr-CA"
 * parseLocale("de-DE") // undefined
 */
export function parseLocale(value: unknown): Locale | undefined {
  if (typeof value !== "string") return undefined;
  const language = value.trim().toLowerCase().split(/[-_]/)[0];
  if (language === "fr") return "fr-CA";
  if (language === "en") return "en";
  return undefined;
}

/** True when the value is exactly one of the shop's locale names (what stored records and bodies carry). */
export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/**
 * The caller's language from an `Accept-Language` header: the first of its ranges, by quality, that
 * names French or English; English when none does (or there is no header).
 *
 * @example
 * localeOfAcceptLanguage("de;q=1, fr-CA;q=0.8, en;q=0.5") // "fr-CA"
 */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((p) => p.trim());
      const q = params.find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = parseLocale(range.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The `lang`/`Content-Language` value of a locale ("fr-CA", "en"). */
export const languageTag = (locale: Locale): string => locale;

/** A language of the shop in a body, exactly as named: `fr-CA` or `en`. */
export const LocaleSchema = v.picklist(LOCALES, "locale must be fr-CA or en");

/** An optional `{ locale }` body (restock alerts, a newsletter confirmation). */
export const LocaleBodySchema = v.object({ locale: v.optional(LocaleSchema) });
