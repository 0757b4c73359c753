import { type CentsLine, DEFAULT_TAX_RATES, lineCents } from "../money/pricing.ts";
import { type TaxRate, taxesByClassCents, totalTaxCents } from "../money/tax.ts";

/**
 * The final charge rule (docs/decisions/041-final-charge.md), in integer cents. Pure and
 * browser-safe: the server's final and the picking screen's preview use it.
 *
 * - A line costs its price per unit × the amount picked, by the one pricing rule (money/pricing.ts),
 *   capped at what it was ordered for: over-picked grams are never charged.
 * - A substitute costs its own price × its quantity, capped at what the replaced line was ordered for.
 * - Tax is the one tax rule on the final items, by class at the order's rates; shipping stays what
 *   was approved.
 * So the final total is never above what was paid.
 */

/** One order line as picked: as ordered, the amount picked (base units), and what replaced it. */
export interface PickedLine {
  ordered: CentsLine;
  picked: number;
  substitute?: CentsLine | undefined;
}

/** The final charge of an order, line by line and in total. */
export interface FinalCharge {
  lines: { cents: number; substituteCents: number | undefined }[];
  itemsCents: number;
  taxCents: number;
  totalCents: number;
}

/** What a line costs as picked: capped at what it was ordered for. */
export const pickedCents = (ordered: CentsLine, picked: number): number =>
  Math.min(lineCents({ ...ordered, quantity: picked }), lineCents(ordered));

/** What a substitute costs: capped at what the line it replaces was ordered for. */
export const substituteCents = (ordered: CentsLine, substitute: CentsLine): number =>
  Math.min(lineCents(substitute), lineCents(ordered));

/**
 * The final charge of picked lines, with the shipping that was approved.
 *
 * @example
 * // 0.75 kg of cherries at $12.49 / kg ordered ($9.37), 712 g picked:
 * finalCharge([{ ordered: { priceCents: 1249, unit: "kg", quantity: 750 }, picked: 712 }], 1000)
 * // { lines: [{ cents: 889, substituteCents: undefined }], itemsCents: 889, taxCents: 133, totalCents: 2022 }
 */
export function finalCharge(
  lines: readonly PickedLine[],
  shippingCents: number,
  /** The order's tax rates by class (docs/decisions/046); absent: standard at 15 %. */
  taxRates: readonly TaxRate[] = DEFAULT_TAX_RATES,
): FinalCharge {
  const priced = lines.map((line) => ({
    cents: pickedCents(line.ordered, line.picked),
    substituteCents: line.substitute ? substituteCents(line.ordered, line.substitute) : undefined,
  }));
  const itemsCents = priced.reduce((sum, line) => sum + line.cents + (line.substituteCents ?? 0), 0);
  // Tax by class on the final items: a line's class for what was picked, a substitute's for itself.
  const taxed = priced.flatMap((line, index) => {
    const source = lines[index];
    return [
      { taxClass: source?.ordered.taxClass, cents: line.cents },
      ...(line.substituteCents === undefined
        ? []
        : [{ taxClass: source?.substitute?.taxClass, cents: line.substituteCents }]),
    ];
  });
  const taxCents = totalTaxCents(taxesByClassCents(taxed, taxRates));
  return { lines: priced, itemsCents, taxCents, totalCents: itemsCents + shippingCents + taxCents };
}
