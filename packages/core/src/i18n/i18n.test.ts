import { describe, expect, it } from "vitest";
import { errorCodes } from "../errors.ts";
import {
  errorTextsOf,
  formatAmount,
  formatCents,
  formatDateTime,
  formatMessage,
  formatUnitQuantity,
  formatWeight,
  formatWindow,
  localeOfAcceptLanguage,
  localisedMessage,
  parseLocale,
  pluralCategory,
  pluralForm,
  pseudoCatalogue,
  translator,
} from "./index.ts";

/**
 * Intl writes no-break spaces (U+00A0, U+202F) in French amounts and thin ones (U+2009) around a
 * range's dash; tests read them all as spaces.
 */
const spaces = (text: string): string => text.replace(/[\u00a0\u202f\u2009]/g, " ");

describe("amounts", () => {
  it("writes US dollars as French readers tell them from Canadian ones: 12,49 $ US", () => {
    expect(spaces(formatAmount("fr-CA", 12.49))).toBe("12,49 $ US");
    expect(spaces(formatCents("fr-CA", 123456))).toBe("1 234,56 $ US");
    expect(spaces(formatCents("fr-CA", 0))).toBe("0,00 $ US");
  });

  it("writes English amounts as $12.49", () => {
    expect(formatAmount("en", 12.49)).toBe("$12.49");
    expect(formatCents("en", 123456)).toBe("$1,234.56");
  });
});

describe("weights and quantities", () => {
  it("writes weights with the language's decimal mark, to the gram", () => {
    expect(spaces(formatWeight("fr-CA", 0.75))).toBe("0,75 kg");
    expect(spaces(formatWeight("fr-CA", 1.2345))).toBe("1,235 kg");
    expect(formatWeight("en", 0.75)).toBe("0.75 kg");
  });

  it("names pieces by each language's plural rule", () => {
    expect(formatUnitQuantity("fr-CA", "piece", 0)).toBe("0 pièce");
    expect(formatUnitQuantity("fr-CA", "piece", 1)).toBe("1 pièce");
    expect(formatUnitQuantity("fr-CA", "piece", 2)).toBe("2 pièces");
    expect(formatUnitQuantity("en", "piece", 0)).toBe("0 pcs");
    expect(formatUnitQuantity("en", "piece", 1)).toBe("1 pc");
    expect(spaces(formatUnitQuantity("fr-CA", "kg", 0.75))).toBe("0,75 kg");
  });
});

describe("plurals", () => {
  const items = "{count, plural, one {# article} other {# articles}}";

  it("takes the French singular for 0, 1 and 1.5, the plural from 2", () => {
    expect(formatMessage("fr-CA", items, { count: 0 })).toBe("0 article");
    expect(formatMessage("fr-CA", items, { count: 1 })).toBe("1 article");
    expect(formatMessage("fr-CA", items, { count: 1.5 })).toBe("1,5 article");
    expect(formatMessage("fr-CA", items, { count: 2 })).toBe("2 articles");
    expect(pluralCategory("fr-CA", 1.5)).toBe("one");
    expect(pluralForm("fr-CA", 0, { one: "kilo", other: "kilos" })).toBe("kilo");
  });

  it("takes the English singular for 1 alone", () => {
    expect(formatMessage("en", "{count, plural, one {# item} other {# items}}", { count: 0 })).toBe(
      "0 items",
    );
    expect(formatMessage("en", "{count, plural, one {# item} other {# items}}", { count: 1.5 })).toBe(
      "1.5 items",
    );
    expect(pluralCategory("en", 1)).toBe("one");
  });

  it("formats a catalogue's key with its values", () => {
    const t = translator("fr-CA", { hello: "Bonjour {name}," });
    expect(t("hello", { name: "Ana" })).toBe("Bonjour Ana,");
  });

  it("writes the pseudo-locale's letters but keeps placeholders and plural branches", () => {
    const pseudo = pseudoCatalogue({ items: "Order {id}: {count, plural, one {# item} other {# items}}" });
    const text = formatMessage("en", pseudo.items, { id: "X1", count: 2 });
    expect(text).toBe("Óŕđéŕ X1: 2 íţéɱš");
  });
});

describe("dates and delivery windows", () => {
  it("writes a window in French as samedi 5 décembre, 10 h – 12 h", () => {
    const slot = { date: "2026-12-05", start: "10:00", end: "12:00" };
    expect(spaces(formatWindow("fr-CA", slot))).toBe("samedi 5 décembre, 10 h – 12 h");
    expect(spaces(formatWindow("en", slot))).toBe("Saturday, December 5, 10 AM – 12 PM");
  });

  it("shows minutes only when a window's times have some", () => {
    const slot = { date: "2026-12-05", start: "10:30", end: "12:00" };
    expect(spaces(formatWindow("fr-CA", slot))).toBe("samedi 5 décembre, 10 h 30 – 12 h 00");
  });

  it("writes an instant in the shop's time zone", () => {
    // 2026-12-05T15:30Z is 10:30 in Montréal (UTC-5 in December).
    expect(spaces(formatDateTime("fr-CA", "2026-12-05T15:30:00Z", "America/Toronto"))).toBe(
      "5 décembre 2026 à 10 h 30",
    );
  });
});

describe("locales", () => {
  it("reads the shop's locales leniently and nothing else", () => {
    expect(parseLocale("fr-CA")).toBe("fr-CA");
    expect(parseLocale("fr")).toBe("fr-CA");
    expect(parseLocale("en-US")).toBe("en");
    expect(parseLocale("de")).toBeUndefined();
    expect(parseLocale(undefined)).toBeUndefined();
  });

  it("takes the caller's language from Accept-Language by quality, English otherwise", () => {
    expect(localeOfAcceptLanguage("fr-CA,fr;q=0.9,en;q=0.8")).toBe("fr-CA");
    expect(localeOfAcceptLanguage("de;q=1, fr;q=0.8, en;q=0.5")).toBe("fr-CA");
    expect(localeOfAcceptLanguage("en;q=0.9, fr;q=0.5")).toBe("en");
    expect(localeOfAcceptLanguage("fr;q=0")).toBe("en");
    expect(localeOfAcceptLanguage(undefined)).toBe("en");
  });
});

describe("error texts", () => {
  it("has a text for every error code in both languages, and no other", async () => {
    const codes = Object.keys(errorCodes).sort();
    for (const locale of ["fr-CA", "en"] as const) {
      const texts = await errorTextsOf(locale);
      expect(Object.keys(texts).sort(), locale).toEqual(codes);
      for (const code of codes)
        expect(texts[code as keyof typeof texts].trim(), `${locale} ${code}`).not.toBe("");
    }
  });

  it("writes French texts in French, not the English ones again", async () => {
    const [french, english] = await Promise.all([errorTextsOf("fr-CA"), errorTextsOf("en")]);
    const same = Object.keys(errorCodes).filter(
      (code) => french[code as keyof typeof french] === english[code as keyof typeof english],
    );
    expect(same).toEqual([]);
  });

  it("names a validation error's field after its text", async () => {
    const french = await errorTextsOf("fr-CA");
    expect(localisedMessage(french, "VALIDATION_FAILED", { field: "email" })).toBe(
      "Un champ n’est pas valide : email",
    );
    expect(localisedMessage(french, "SLOT_FULL", { deliverySlotId: "s1" })).toBe(french.SLOT_FULL);
  });
});
