/**
 * Selling units (docs/decisions/027-selling-units.md). A product sells by weight (`kg`: price per kg,
 * quantities to the gram) or by piece (`piece`: price per piece, whole pieces). The API and the
 * screens speak in the product's unit (0.75 kg, 3 pcs); inside core every quantity is an integer of
 * base units — grams or pieces — so stock conditions and sums never meet a fraction. Browser-safe.
 */
export const UNITS = ["kg", "piece"] as const;
export type Unit = (typeof UNITS)[number];

/** Base units in one unit: grams per kilogram, one per piece. */
export const BASE_PER_UNIT: Readonly<Record<Unit, number>> = { kg: 1000, piece: 1 };

/** What a quantity's precision is called in messages: "whole grams (at most 3 decimals)", "whole pieces". */
export const PRECISION_TEXT: Readonly<Record<Unit, string>> = {
  kg: "at most 3 decimals (whole grams)",
  piece: "a whole number of pieces",
};

/**
 * A quantity in the unit → whole base units, or undefined when it is not a whole number of them
 * (0.0005 kg, 1.5 pieces). Tolerates binary noise: 0.1 + 0.2 kg is 300 g.
 *
 * @example
 * toBase("kg", 0.75) // 750
 * toBase("piece", 1.5) // undefined
 */
export function toBase(unit: Unit, quantity: number): number | undefined {
  if (!Number.isFinite(quantity)) return undefined;
  const scaled = quantity * BASE_PER_UNIT[unit];
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) < 1e-6 ? whole : undefined;
}

/** Whole base units → the quantity in the unit (750 g → 0.75). */
export const fromBase = (unit: Unit, base: number): number => base / BASE_PER_UNIT[unit];

/** True when a base quantity is a positive whole number of steps. */
export const isWholeSteps = (base: number, stepBase: number): boolean =>
  Number.isInteger(base) && base > 0 && stepBase > 0 && base % stepBase === 0;

/**
 * A quantity in the unit as people read it: "0.75 kg", "1 kg", "3 pcs", "1 pc".
 *
 * @example
 * formatQuantity("kg", 0.25) // "0.25 kg"
 */
export function formatQuantity(unit: Unit, quantity: number): string {
  if (unit === "piece") return `${quantity} ${quantity === 1 ? "pc" : "pcs"}`;
  // Three decimals at most (grams), without trailing zeros.
  return `${Number(quantity.toFixed(3))} kg`;
}

/** The unit a price is per: "kg" or "pc" ("$4.99 / kg", "$2.50 / pc"). */
export const perUnitLabel = (unit: Unit): string => (unit === "kg" ? "kg" : "pc");
