import { fromBase, toBase, type Unit } from "@fruit/core/browser/money";
import type { OrderLine } from "@fruit/core/browser/orders";
import type { Product } from "@fruit/core/browser/products";
import type { CartItem } from "../../lib/shop-store.ts";

/**
 * "Buy again" (docs/product.md §2): an order's lines back in the cart at today's prices, each capped
 * at today's stock in whole steps, with what changed since the order said line by line. Pure: the
 * products are read by `buyAgain` (buy-again-button.tsx).
 */

/** What changed for one line since the order. */
export type BuyAgainChange =
  | { kind: "price up" | "price down"; name: string; was: number; now: number }
  | { kind: "capped"; name: string; wanted: number; given: number; unit: Unit }
  | { kind: "unavailable"; name: string };

export interface BuyAgainPlan {
  /** The cart lines to put in (today's name, image, price, unit, step and stock). */
  items: CartItem[];
  changes: BuyAgainChange[];
}

const baseOf = (unit: Unit, quantity: number): number =>
  toBase(unit, quantity) ?? Math.round(quantity * 1000);

/**
 * The quantity of a line today: what was ordered, in today's unit (a product now sold by another unit
 * starts from one step), lowered to the whole steps today's stock holds. 0 when not one step is left.
 */
export function quantityToday(
  line: Pick<OrderLine, "unit" | "quantity">,
  product: Pick<Product, "unit" | "step" | "countInStock">,
): number {
  const step = baseOf(product.unit, product.step);
  const wanted = line.unit === product.unit ? baseOf(product.unit, line.quantity) : step;
  const stock = baseOf(product.unit, product.countInStock);
  const steps = Math.min(Math.ceil(wanted / step), Math.floor(stock / step));
  return steps > 0 ? fromBase(product.unit, steps * step) : 0;
}

/**
 * The plan for an order's lines, given today's product of each (undefined: no longer sold).
 *
 * @example
 * const { items, changes } = planBuyAgain(order.orderItems, new Map([[id, product]]));
 */
export function planBuyAgain(
  lines: readonly OrderLine[],
  today: ReadonlyMap<string, Product | undefined>,
): BuyAgainPlan {
  const items: CartItem[] = [];
  const changes: BuyAgainChange[] = [];
  for (const line of lines) {
    const product = today.get(line._id);
    const quantity = product ? quantityToday(line, product) : 0;
    if (!product || quantity === 0) {
      changes.push({ kind: "unavailable", name: product?.name ?? line.name });
      continue;
    }
    if (product.price !== line.price) {
      const kind = product.price > line.price ? "price up" : "price down";
      changes.push({ kind, name: product.name, was: line.price, now: product.price });
    }
    const wanted = line.unit === product.unit ? line.quantity : product.step;
    if (baseOf(product.unit, quantity) < baseOf(product.unit, wanted)) {
      changes.push({ kind: "capped", name: product.name, wanted, given: quantity, unit: product.unit });
    }
    items.push({
      _id: product._id,
      name: product.name,
      slug: product.slug,
      image: product.image,
      price: product.price,
      unit: product.unit,
      step: product.step,
      countInStock: product.countInStock,
      quantity,
      taxClass: product.taxClass,
      substitute: line.substitute,
    });
  }
  return { items, changes };
}
