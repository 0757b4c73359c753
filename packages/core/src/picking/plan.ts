import { AppError, fieldError } from "../errors.ts";
import type { CentsLine } from "../money/pricing.ts";
import { PRECISION_TEXT, toBase, type Unit } from "../money/quantity.ts";
import type { OrderRecord, StoredLine } from "../orders/order.records.ts";
import type { ProductRecord } from "../products/product.store.ts";
import { refundableCents } from "../refunds/plan.ts";
import { capAtPaid, type FinalDiscount, finalCharge } from "./final-charge.ts";
import type { FinalInput } from "./picking.schema.ts";

/**
 * What a final charge does to its order, planned from the order as read and the substitutes'
 * products as read (docs/decisions/041-final-charge.md). Pure: picking/index.ts writes it.
 */

/** A product's stock that moves, in base units of its unit. */
export interface StockMove {
  productId: string;
  unit: Unit;
  quantity: number;
}

export interface FinalPlan {
  /** The order's lines with their picking recorded (`pickedQuantity`, `finalCents`, `substitution`). */
  items: StoredLine[];
  itemsCents: number;
  /** What the promotion takes off the picked items (0: none). */
  discountCents: number;
  taxCents: number;
  totalCents: number;
  /** Paid minus final, as far as it is still refundable: the weight-adjustment refund (0: none). */
  adjustmentCents: number;
  /** Unpicked base units that go back on sale. */
  returns: StockMove[];
  /** Over-picked base units taken beyond the order's hold. */
  overPicks: StockMove[];
  /** Substitutes taken from their products, at the price they were charged. */
  substitutes: (StockMove & { priceCents: number })[];
}

const invalid = fieldError;

/** 409 unless the order may be finalised: paid (its capture completed), undelivered, not cancelled, no line refunded yet. */
export function assertFinalisable(order: OrderRecord): void {
  if (order.cancelledAt !== undefined)
    throw new AppError("ORDER_CANCELLED", "This order was cancelled; it cannot be picked");
  if (!order.isPaid || order.captureId === undefined)
    throw new AppError("NOT_PAID", "Only a paid order can be picked and finalised");
  if (order.isDelivered)
    throw new AppError("ALREADY_DELIVERED", "This order was delivered; it was charged as ordered");
  if (Object.keys(order.refundedBase ?? {}).length > 0)
    throw new AppError(
      "LINES_REFUNDED",
      "Lines of this order were refunded before it was picked; refund any difference by amount instead",
    );
}

/**
 * The order's promotion as its final applies it again (docs/decisions/049): a percent of the picked
 * lines it applied to, or its amount capped at what they cost as picked; undefined without one (and
 * for free shipping, which takes nothing off the lines: the shipping approved stays as it was).
 */
export function finalDiscountOf(order: OrderRecord): FinalDiscount | undefined {
  const promotion = order.promotion;
  if (!promotion || promotion.kind === "freeShipping") return undefined;
  const rule =
    promotion.kind === "percent"
      ? { kind: "percent" as const, basisPoints: promotion.value }
      : { kind: "amount" as const, amountCents: promotion.value };
  return { rule, eligible: order.orderItems.map((line) => line.discountCents !== undefined) };
}

/** A quantity in the unit → base units, or 400 naming the field when it is finer than the unit. */
function baseOf(unit: Unit, quantity: number, field: string): number {
  const base = toBase(unit, quantity);
  if (base === undefined) throw invalid(field, `must be ${PRECISION_TEXT[unit]}`);
  return base;
}

/**
 * Plans the final of `input` on `order` as read: 400 for a line that is missing, unknown, given twice,
 * finer than its unit, or replaced where the shopper did not allow it; `products` holds the
 * substitutes' products as read (a missing one is a 400 too).
 *
 * @example
 * planFinal(order, { lines: [{ _id: cherriesId, picked: 0.712 }] }, new Map()).adjustmentCents // 65 for 0.75 kg at $12.49
 */
export function planFinal(
  order: OrderRecord,
  input: FinalInput,
  products: ReadonlyMap<string, ProductRecord>,
): FinalPlan {
  const given = new Map<string, { index: number; line: FinalInput["lines"][number] }>();
  input.lines.forEach((line, index) => {
    if (!order.orderItems.some((item) => item.productId === line._id))
      throw invalid(`lines.${index}._id`, `product ${line._id} is not in this order`);
    if (given.has(line._id)) throw invalid(`lines.${index}._id`, `product ${line._id} is given twice`);
    given.set(line._id, { index, line });
  });
  const missing = order.orderItems.find((item) => !given.has(item.productId));
  if (missing) throw invalid("lines", `every line of the order is needed once; ${missing.name} is missing`);

  const inOrder = new Set(order.orderItems.map((item) => item.productId));
  const substitutedBy = new Set<string>();
  const returns: StockMove[] = [];
  const overPicks: StockMove[] = [];
  const substitutes: FinalPlan["substitutes"] = [];
  const picked = order.orderItems.map((item) => {
    const entry = given.get(item.productId);
    if (!entry) throw new Error("unreachable: every line was given");
    const { index, line } = entry;
    const pickedBase = baseOf(item.unit, line.picked, `lines.${index}.picked`);
    if (pickedBase < item.quantity)
      returns.push({ productId: item.productId, unit: item.unit, quantity: item.quantity - pickedBase });
    if (pickedBase > item.quantity)
      overPicks.push({ productId: item.productId, unit: item.unit, quantity: pickedBase - item.quantity });
    const substitute = line.substitute && substituteOf(item, line.substitute, index, pickedBase);
    return { item, pickedBase, substitute };
  });

  function substituteOf(
    item: StoredLine,
    wanted: { _id: string; quantity: number },
    index: number,
    pickedBase: number,
  ): { product: ProductRecord; quantity: number } {
    const field = `lines.${index}.substitute`;
    if ((item.substitute ?? "no") !== "allowed")
      throw invalid(field, `the shopper did not allow a substitute for ${item.name}`);
    if (pickedBase > 0) throw invalid(field, "only an unavailable line (picked 0) is replaced");
    if (inOrder.has(wanted._id))
      throw invalid(
        `${field}._id`,
        `product ${wanted._id} is already in this order; pick it on its own line`,
      );
    if (substitutedBy.has(wanted._id))
      throw invalid(`${field}._id`, `product ${wanted._id} already replaces another line`);
    const product = products.get(wanted._id);
    if (!product) throw invalid(`${field}._id`, `product ${wanted._id} not found`);
    substitutedBy.add(wanted._id);
    const quantity = baseOf(product.unit, wanted.quantity, `${field}.quantity`);
    if (quantity < 1) throw invalid(`${field}.quantity`, "must be more than 0");
    substitutes.push({ productId: product.id, unit: product.unit, quantity, priceCents: product.priceCents });
    return { product, quantity };
  }

  const asCents = (product: ProductRecord, quantity: number): CentsLine => ({
    priceCents: product.priceCents,
    unit: product.unit,
    quantity,
    taxClass: product.taxClass,
  });
  const charge = capAtPaid(
    finalCharge(
      picked.map(({ item, pickedBase, substitute }) => ({
        ordered: item,
        picked: pickedBase,
        substitute: substitute && asCents(substitute.product, substitute.quantity),
      })),
      order.shippingCents,
      order.taxRates,
      finalDiscountOf(order),
    ),
    order.totalCents,
  );
  const items = picked.map(({ item, pickedBase, substitute }, index): StoredLine => {
    const cents = charge.lines[index];
    if (!cents) throw new Error("unreachable: one charge per line");
    return {
      ...item,
      pickedQuantity: pickedBase,
      finalCents: cents.cents,
      ...(item.discountCents === undefined ? {} : { finalDiscountCents: cents.discountCents }),
      ...(substitute && cents.substituteCents !== undefined
        ? {
            substitution: {
              productId: substitute.product.id,
              name: substitute.product.name,
              slug: substitute.product.slug,
              image: substitute.product.image,
              priceCents: substitute.product.priceCents,
              unit: substitute.product.unit,
              step: substitute.product.step,
              quantity: substitute.quantity,
              ...(substitute.product.taxClass && substitute.product.taxClass !== "standard"
                ? { taxClass: substitute.product.taxClass }
                : {}),
              finalCents: cents.substituteCents,
            },
          }
        : {}),
    };
  });
  if (charge.totalCents > order.totalCents)
    throw new Error(`final ${charge.totalCents} above paid ${order.totalCents}: the cap failed`);
  return {
    items,
    itemsCents: charge.itemsCents,
    discountCents: charge.discountCents,
    taxCents: charge.taxCents,
    totalCents: charge.totalCents,
    adjustmentCents: Math.max(0, Math.min(order.totalCents - charge.totalCents, refundableCents(order))),
    returns,
    overPicks,
    substitutes,
  };
}
