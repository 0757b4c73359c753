import { inCents, PRECISION_TEXT, toBase, toCents, type Unit } from "@fruit/core/browser/money";
import { MAX_LINE_QUANTITY, type Order, type OrderLine } from "@fruit/core/browser/orders";
import { type FinalCharge, type FinalInput, finalCharge, type PickedLine } from "@fruit/core/browser/picking";
import type { Product } from "@fruit/core/browser/products";

/** A catalogue product put in an unavailable line's place, as the picking screen found it. */
export type SubstituteProduct = Pick<Product, "_id" | "name" | "price" | "unit" | "step" | "countInStock">;

/** What a number input holds: a number, or the text being typed ("" when empty). */
type Typed = number | string;

/** One line as the admin is picking it. */
export interface LineDraft {
  /** In the line's unit; prefilled with what was ordered. */
  picked: Typed;
  unavailable: boolean;
  /** Only where the shopper allowed it and the line is unavailable. */
  substitute: { product: SubstituteProduct; quantity: Typed } | null;
}

/** The picking of an order, by line (product id). */
export type PickDraft = Record<string, LineDraft>;

/** The messages under a line's inputs. */
export type LineErrors = { picked?: string; substitute?: string };

/** Every line picked exactly as ordered, none unavailable. */
export const startDraft = (lines: readonly OrderLine[]): PickDraft =>
  Object.fromEntries(lines.map((line) => [line._id, lineDraftOf({}, line)]));

/**
 * A typed amount in `unit`, in the unit and in base units, or what is wrong with it; `atLeastOne`
 * for a substitute, which must have a quantity (a picked amount may be 0).
 */
function readAmount(
  unit: Unit,
  value: Typed,
  what: string,
  atLeastOne = false,
): { amount: number; base: number } | string {
  const amount = value === "" ? Number.NaN : Number(value);
  if (!Number.isFinite(amount) || amount < 0 || (atLeastOne && amount === 0)) return `Enter ${what}`;
  if (amount > MAX_LINE_QUANTITY) return `${what}: at most ${MAX_LINE_QUANTITY}`;
  const base = toBase(unit, amount);
  return base === undefined ? `${what}: ${PRECISION_TEXT[unit]}` : { amount, base };
}

/** A line's picking in the draft (as ordered until the admin changes it). */
export const lineDraftOf = (draft: PickDraft, line: OrderLine): LineDraft =>
  draft[line._id] ?? { picked: line.quantity, unavailable: false, substitute: null };

/** The substitute a line may carry: only an unavailable line whose shopper allowed one. */
const substituteOf = (line: OrderLine, draft: LineDraft) =>
  draft.unavailable && line.substitute === "allowed" ? draft.substitute : null;

/**
 * The final the admin's picking makes: the body of POST /api/orders/{id}/final (core's
 * FinalInputSchema: every line once, picked in its unit, 0 when unavailable) and its charge by core's
 * `finalCharge` — the rule the server applies, so the preview shows the server's figures — or the
 * messages to show under the lines.
 */
export function finalOf(
  order: Pick<Order, "orderItems" | "shippingPrice">,
  draft: PickDraft,
): { ok: true; body: FinalInput; charge: FinalCharge } | { ok: false; errors: Record<string, LineErrors> } {
  const errors: Record<string, LineErrors> = {};
  const body: FinalInput["lines"] = [];
  const picked: PickedLine[] = [];
  for (const line of order.orderItems) {
    const lineDraft = lineDraftOf(draft, line);
    const read = lineDraft.unavailable
      ? { amount: 0, base: 0 }
      : readAmount(line.unit, lineDraft.picked, "the amount picked");
    const sub = substituteOf(line, lineDraft);
    const subRead = sub
      ? readAmount(sub.product.unit, sub.quantity, `the quantity of ${sub.product.name}`, true)
      : undefined;
    if (typeof read === "string") errors[line._id] = { picked: read };
    if (typeof subRead === "string") errors[line._id] = { ...errors[line._id], substitute: subRead };
    if (typeof read === "string" || typeof subRead === "string") continue;
    body.push({
      _id: line._id,
      picked: read.amount,
      ...(sub && subRead ? { substitute: { _id: sub.product._id, quantity: subRead.amount } } : {}),
    });
    picked.push({
      ordered: inCents(line),
      picked: read.base,
      substitute:
        sub && subRead
          ? { priceCents: toCents(sub.product.price), unit: sub.product.unit, quantity: subRead.base }
          : undefined,
    });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { lines: body }, charge: finalCharge(picked, toCents(order.shippingPrice)) };
}
