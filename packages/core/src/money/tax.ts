/**
 * Tax by class (browser-safe; docs/decisions/046-zones-and-tax-classes.md): each line belongs to a
 * tax class, each class's base is the sum of its lines' cents, and each class's tax is its rate of
 * that base, rounded half up to the cent once. The order's tax is the sum of the class amounts, so
 * the lines of `taxes` add up to `taxPrice` to the cent by construction.
 *
 * Rates are percentages with at most three decimals (15, 14.975, 0), computed in integers: a rate is
 * held in thousandths of a percent, so a class's tax is base × milli-percent / 100,000 rounded half
 * up. With the one `standard` class at 15 % this is exactly the shop's former rule (pricing.ts
 * `taxCentsOf`), so orders of a shop that never set classes are priced as before.
 */

/** The original tax (docs/product.md): 15 % of items, the `standard` class's rate until the administrator sets another. */
export const TAX_PERCENT = 15;

/** The class every product without one belongs to, and the only class of a shop that set none. */
export const STANDARD_TAX_CLASS = "standard";

/** A class as pricing needs it: its id and its rate in percent (up to three decimals). */
export interface TaxRate {
  id: string;
  rate: number;
}

/** One class's part of an order's tax, in cents: what it taxed (`baseCents`) and its tax. */
export interface ClassTaxCents {
  class: string;
  rate: number;
  baseCents: number;
  amountCents: number;
}

/** One class's part of an order's tax as the API answers it (dollars). */
export interface ClassTax {
  class: string;
  rate: number;
  base: number;
  amount: number;
}

/** A line as tax by class needs it: its class (absent: standard) and what it costs, in cents. */
export interface TaxedLine {
  taxClass?: string | undefined;
  cents: number;
}

/** A percentage with at most three decimals → thousandths of a percent (undefined when finer). */
export function rateMillis(rate: number): number | undefined {
  const millis = Math.round(rate * 1000);
  return Math.abs(rate * 1000 - millis) < 1e-6 ? millis : undefined;
}

/** Integer division rounded half up, for non-negative integers. */
const divideHalfUp = (dividend: number, divisor: number): number =>
  Math.floor((dividend + Math.floor(divisor / 2)) / divisor);

/**
 * The tax of `baseCents` at `rate` percent, rounded half up once.
 *
 * @example
 * classTaxCents(1497, 15) // 225 (224.55 rounded up)
 * classTaxCents(1000, 14.975) // 150 (149.75 rounded up)
 */
export function classTaxCents(baseCents: number, rate: number): number {
  const millis = rateMillis(rate);
  if (millis === undefined) throw new Error(`A tax rate has at most three decimals: ${rate}`);
  return divideHalfUp(baseCents * millis, 100_000);
}

/**
 * Taxes lines by class: one entry per class that has lines (in the order of `rates`, then any class
 * `rates` does not name), each rounded once. A line whose class is not in `rates` is taxed at the
 * standard class's rate — a class removed since the product was last saved never goes untaxed — and
 * is listed under `standard`.
 *
 * @example
 * taxesByClassCents(
 *   [{ taxClass: "standard", cents: 1000 }, { taxClass: "zero-rated", cents: 500 }],
 *   [{ id: "standard", rate: 15 }, { id: "zero-rated", rate: 0 }],
 * ) // [{ class: "standard", rate: 15, baseCents: 1000, amountCents: 150 }, { class: "zero-rated", rate: 0, baseCents: 500, amountCents: 0 }]
 */
export function taxesByClassCents(lines: readonly TaxedLine[], rates: readonly TaxRate[]): ClassTaxCents[] {
  const rateOf = new Map(rates.map((rate) => [rate.id, rate.rate]));
  // Classes always name `standard` (tax/tax.schema.ts); the original rate stands in should they not.
  const standardRate = rateOf.get(STANDARD_TAX_CLASS) ?? TAX_PERCENT;
  const bases = new Map<string, number>();
  for (const line of lines) {
    const id = line.taxClass !== undefined && rateOf.has(line.taxClass) ? line.taxClass : STANDARD_TAX_CLASS;
    bases.set(id, (bases.get(id) ?? 0) + line.cents);
  }
  const order = [...rates.map((rate) => rate.id), STANDARD_TAX_CLASS];
  return [...bases.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([id, baseCents]) => {
      const rate = rateOf.get(id) ?? standardRate;
      return { class: id, rate, baseCents, amountCents: classTaxCents(baseCents, rate) };
    });
}

/** The sum of the class amounts: the order's `taxCents`. */
export const totalTaxCents = (taxes: readonly ClassTaxCents[]): number =>
  taxes.reduce((sum, tax) => sum + tax.amountCents, 0);

/** Cents → the API's `taxes` entries. */
export const toClassTaxes = (taxes: readonly ClassTaxCents[]): ClassTax[] =>
  taxes.map((tax) => ({
    class: tax.class,
    rate: tax.rate,
    base: tax.baseCents / 100,
    amount: tax.amountCents / 100,
  }));
