import { fromBase, toBase, type Unit } from "@fruit/core/browser/money";

/**
 * Quantities step by the product's step (docs/decisions/027-selling-units.md): 0.25 kg, 1 piece. The
 * arithmetic runs in whole base units (grams or pieces), so three steps of 0.1 kg are 0.3 kg, never
 * 0.30000000000000004.
 */
export interface Stepped {
  unit: Unit;
  step: number;
}

const base = (unit: Unit, quantity: number): number => toBase(unit, quantity) ?? Math.round(quantity * 1000);

/**
 * The quantity `steps` steps away from `quantity` (negative to go down), in the unit.
 *
 * @example
 * stepFrom({ unit: "kg", step: 0.25 }, 0.5, 1) // 0.75
 */
export const stepFrom = ({ unit, step }: Stepped, quantity: number, steps: number): number =>
  fromBase(unit, base(unit, quantity) + steps * base(unit, step));

/** True when one more step would take more than `available` (the stock, in the unit). */
export const atStock = (item: Stepped, quantity: number, available: number): boolean =>
  base(item.unit, stepFrom(item, quantity, 1)) > base(item.unit, available);

/** True when `quantity` is one step or less: it cannot go lower. */
export const atOneStep = ({ unit, step }: Stepped, quantity: number): boolean =>
  base(unit, quantity) <= base(unit, step);

/** True when the stock covers `wanted`, compared in whole base units. */
export const coversQuantity = (unit: Unit, available: number, wanted: number): boolean =>
  base(unit, available) >= base(unit, wanted);
