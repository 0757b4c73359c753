/**
 * A product's quantity in its selling unit (packages/core/src/money/quantity.ts) as each language
 * writes it: "0,75 kg", "3 pièces", "1 pièce"; "0.75 kg", "3 pcs", "1 pc". Browser-safe.
 */
import type { Unit } from "../money/quantity.ts";
import { formatNumber, formatWeight } from "./format.ts";
import type { Locale } from "./locale.ts";
import { pluralForm } from "./messages.ts";

const PIECE_WORDS: Readonly<Record<Locale, { one: string; other: string }>> = {
  "fr-CA": { one: "pièce", other: "pièces" },
  en: { one: "pc", other: "pcs" },
};

/** What a price is per: "kg", or "pièce" / "pc". */
export const perUnitWord = (locale: Locale, unit: Unit): string =>
  unit === "kg" ? "kg" : PIECE_WORDS[locale].one;

/**
 * A quantity in its unit.
 *
 * @example
 * formatUnitQuantity("fr-CA", "kg", 0.75) // "0,75 kg"
 * formatUnitQuantity("fr-CA", "piece", 1) // "1 pièce"
 */
export function formatUnitQuantity(locale: Locale, unit: Unit, quantity: number): string {
  if (unit === "kg") return formatWeight(locale, quantity);
  return `${formatNumber(locale, quantity)} ${pluralForm(locale, quantity, PIECE_WORDS[locale])}`;
}
