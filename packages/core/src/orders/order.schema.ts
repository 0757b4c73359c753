import * as v from "valibot";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import { toBase, UNITS, type Unit } from "../money/quantity.ts";
import type { ClassTax } from "../money/tax.ts";
import { PageQueryEntries } from "../paging.schema.ts";
import { type DeliverySlotRef, SlotIdSchema } from "../slots/delivery.schema.ts";

/**
 * Browser-safe shapes of the order API, shared by the server and the web app (imports nothing but
 * valibot). Money in the API is dollars; the server stores integer cents and decides every price.
 */

/** At most this many distinct lines per order (a DynamoDB transaction holds 100 actions). */
export const MAX_ORDER_LINES = 50;
/** A generous per-line bound, in the product's unit, that keeps a typo (10000 kg) from being a valid order. */
export const MAX_LINE_QUANTITY = 1000;

/**
 * What the shop may do when a line's product runs out before it is picked
 * (docs/decisions/041-final-charge.md): put another product in its place (`allowed`) or leave it out
 * (`no`, the default: the original client sends nothing and gets it).
 */
export const SUBSTITUTE_CHOICES = ["allowed", "no"] as const;
export type SubstituteChoice = (typeof SUBSTITUTE_CHOICES)[number];

/** The two payment choices of the checkout: the wallet (default) and the card funding source, both PayPal. */
export const PAYMENT_METHODS = ["PayPal", "Card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const text = (max: number, field: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(`${field} is required`), v.maxLength(max, `${field} is too long`));
const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)));
const money = v.pipe(v.number(), v.finite(), v.minValue(0));

/** The map location chosen on /map (docs/product.md §3), kept inside the shipping address. */
export const LocationSchema = v.object({
  lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  address: optionalText(300),
  name: optionalText(200),
  vicinity: optionalText(300),
  googleAddressId: optionalText(300),
});
export type Location = v.InferOutput<typeof LocationSchema>;

/** True for `null` and `{}`: what a client sends when no place was chosen on the map. */
const isNoLocation = (value: unknown): boolean =>
  value === null ||
  (typeof value === "object" && !Array.isArray(value) && Object.keys(value as object).length === 0);

/**
 * The shipping address's optional location. `{}` and `null` (sent by the original client when no place
 * was chosen) mean "no location" and are not stored; anything else must be a whole location.
 */
const OptionalLocationSchema = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (isNoLocation(value) ? undefined : value)),
    v.optional(LocationSchema),
  ),
);

/** Shipping form: every field required (docs/product.md §5); the optional comments box is not saved. */
export const ShippingAddressSchema = v.object({
  fullName: text(100, "Full name"),
  address: text(200, "Address"),
  city: text(100, "City"),
  postalCode: text(20, "Postal code"),
  country: text(100, "Country"),
  location: OptionalLocationSchema,
});
export type ShippingAddress = v.InferOutput<typeof ShippingAddressSchema>;

/** A line's product id, as order and refund lines name it. */
export const lineProductId = v.pipe(v.string(), v.nonEmpty("Product id is required"), v.maxLength(64));

/** A line's quantity, as order and refund lines take it (`label` starts the messages). */
export const lineQuantity = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.finite(`${label} must be a number`),
    v.gtValue(0, `${label} must be more than 0`),
    v.maxValue(MAX_LINE_QUANTITY, `${label} must be at most ${MAX_LINE_QUANTITY}`),
  );

/**
 * One cart line as the client sends it. Only `_id` and `quantity` are trusted; the quantity is in the
 * product's unit (kg to the gram, or pieces) and must be a whole number of the product's steps, which
 * placement checks against the catalogue (docs/decisions/027-selling-units.md). The name, slug, image,
 * price, unit and step the shopper saw are the order's snapshot when every line has them and they
 * add up to the total sent: placement's transaction then requires each product to still be exactly
 * that (orders/place.ts), and otherwise placement reads the catalogue and uses its values.
 */
export const OrderLineInputSchema = v.object({
  _id: lineProductId,
  quantity: v.pipe(
    lineQuantity("Quantity"),
    v.check((quantity) => toBase("kg", quantity) !== undefined, "Quantity must have at most 3 decimals"),
  ),
  name: optionalText(200),
  image: optionalText(2000),
  slug: optionalText(200),
  price: v.optional(money),
  unit: v.optional(v.picklist(UNITS)),
  step: v.optional(v.pipe(v.number(), v.finite(), v.gtValue(0))),
  /** The product's tax class as the shopper's cart saw it (absent: standard); checked at placement. */
  taxClass: v.optional(v.pipe(v.string(), v.maxLength(40))),
  /** What to do if the product runs out before picking; "no" when absent. */
  substitute: v.optional(
    v.picklist(
      SUBSTITUTE_CHOICES,
      `substitute must be one of ${SUBSTITUTE_CHOICES.map((c) => `"${c}"`).join(", ")}`,
    ),
  ),
});
export type OrderLineInput = v.InferOutput<typeof OrderLineInputSchema>;

/**
 * The first product whose lines add up to more than MAX_LINE_QUANTITY. Lines of one product are
 * merged when the order is placed (orders/place.ts), so the per-line bound applies to their sum:
 * three lines of 1000 are one line of 3000, not three valid lines.
 */
export function productOverLineBound(
  lines: readonly { _id: string; quantity: number }[],
): string | undefined {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const total = (totals.get(line._id) ?? 0) + line.quantity;
    if (total > MAX_LINE_QUANTITY) return line._id;
    totals.set(line._id, total);
  }
  return undefined;
}

/** Body of POST /api/orders (docs/product.md §7). The prices are what the shopper saw; the server checks them against the catalogue. */
export const OrderInputSchema = v.object({
  orderItems: v.pipe(
    v.array(OrderLineInputSchema),
    v.minLength(1, "Cart is empty"),
    v.maxLength(MAX_ORDER_LINES, `An order holds at most ${MAX_ORDER_LINES} lines`),
    v.check(
      (lines) => productOverLineBound(lines) === undefined,
      (issue) =>
        `Quantity of product ${productOverLineBound(issue.input as OrderLineInput[])} must be at most ${MAX_LINE_QUANTITY} (its lines add up)`,
    ),
  ),
  shippingAddress: ShippingAddressSchema,
  paymentMethod: v.picklist(PAYMENT_METHODS, `Payment method must be one of ${PAYMENT_METHODS.join(", ")}`),
  itemsPrice: v.optional(money),
  shippingPrice: v.optional(money),
  taxPrice: v.optional(money),
  totalPrice: money,
  /** The delivery window chosen (GET /api/delivery/slots); without one, the earliest with room when the shop has windows. */
  deliverySlotId: v.optional(SlotIdSchema),
  /**
   * A promotion's code (docs/decisions/049-promotions-split-to-the-cent.md), matched in any case; the
   * amounts sent are then the discounted ones (POST /api/promotions/preview gives them).
   */
  promoCode: v.optional(
    v.pipe(v.string("promoCode must be text"), v.trim(), v.nonEmpty("promoCode is empty"), v.maxLength(64)),
  ),
  /** The language of the order's mails (docs/decisions/050-i18n-formatjs.md); else the user's, else `en`. */
  locale: v.optional(v.picklist(LOCALES, "locale must be fr-CA or en")),
});
export type OrderInput = v.InferOutput<typeof OrderInputSchema>;

/** The optional `Idempotency-Key` header of POST /api/orders: a retried submit returns the first order. */
export const IdempotencyKeySchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^[\x21-\x7E]{1,100}$/, "Idempotency-Key must be 1 to 100 visible ASCII characters"),
  ),
);

/**
 * Body of PUT /api/orders/{id}/pay: the PayPal order id. The original client sends the whole captured
 * result, whose `id` is that order id; every other field is ignored (the server asks PayPal itself).
 */
export const PayOrderSchema = v.object({
  id: v.pipe(
    v.string("id (the PayPal order id) is required"),
    v.regex(/^[A-Za-z0-9-]{1,60}$/, "id is not a PayPal order id"),
  ),
});
export type PayOrderInput = v.InferOutput<typeof PayOrderSchema>;

/**
 * A snapshot of a product as a line names it: `_id` is the product id; the price is per unit, step
 * and quantity are in the unit (the cart's lines, the price-changed answer's lines).
 */
export interface OrderLineSnapshot {
  _id: string;
  name: string;
  slug: string;
  image: string;
  price: number;
  unit: Unit;
  step: number;
  quantity: number;
}

/** One order line: the snapshot taken when the order was placed, the shopper's choice, and its picking. */
export interface OrderLine extends OrderLineSnapshot {
  /** The shopper's choice if the product runs out ("no" on orders from before the choice). */
  substitute: SubstituteChoice;
  /**
   * The amount put in the bag, in the unit (0 when the line was unavailable); null until the order's
   * final charge (an order delivered without one counts as picked exactly as ordered).
   */
  pickedQuantity: number | null;
  /** What the line costs as picked, in dollars: never above what it was ordered for; null until the final. */
  finalAmount: number | null;
  /** The product put in the bag instead of an unavailable line, where the shopper allowed it. */
  substitution: OrderSubstitution | null;
  /**
   * On an order placed with a promotion only (docs/decisions/049): the line's share of its discount,
   * in dollars (0 where it does not apply), and its share of the final's discount once picked (null before).
   */
  discount?: number;
  finalDiscount?: number | null;
}

/** A product that replaced an unavailable line (its price per unit and quantity in its own unit). */
export interface OrderSubstitution extends Omit<OrderLineSnapshot, "step"> {
  /** Dollars: never above what the replaced line was ordered for. */
  finalAmount: number;
}

/** What the payment provider reported when the order was paid. */
export interface PaymentResult {
  id: string;
  status: string;
  update_time: string;
  email_address: string;
}

export interface Prices {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** An order as every order endpoint returns it. `user` is null once the customer's account is deleted. */
export interface Order extends Prices {
  _id: string;
  user: { _id: string; name: string } | null;
  orderItems: OrderLine[];
  shippingAddress: ShippingAddress;
  paymentMethod: PaymentMethod;
  isPaid: boolean;
  paidAt: string | null;
  paymentResult?: PaymentResult;
  isDelivered: boolean;
  deliveredAt: string | null;
  createdAt: string;
  /** Until when an unpaid order holds its stock; null once paid or cancelled (and on older orders). */
  holdUntil: string | null;
  /** An unpaid order whose hold ran out is cancelled: its stock went back, it can no longer be paid. */
  isCancelled: boolean;
  cancelledAt: string | null;
  /** True while PayPal holds the capture (an e-cheque, a review): the order is neither paid nor expired. */
  isPaymentPending: boolean;
  /** The total refunded so far, in dollars (0 without refunds). */
  refundedPrice: number;
  /** The completed refunds, oldest first. */
  refunds: Refund[];
  /** The delivery window booked for the order; null when it has none (the API always sends it). */
  deliverySlot?: DeliverySlotRef | null | undefined;
  /** The delivery zone the order goes to; null when the shop had no zones (docs/decisions/046). */
  deliveryZone: { id: string; name: string } | null;
  /**
   * The shopper's language, which the order's mails are written in (`en` for orders from before it).
   * The API always answers it (order.mapping.ts); optional for answers a browser kept from before it.
   */
  locale?: Locale;
  /** The tax by class: each class rounded once, the amounts adding up to `taxPrice`. */
  taxes: ClassTax[];
  /**
   * What a promotion took off the items (0 without one): totalPrice = itemsPrice − discountPrice +
   * shippingPrice + taxPrice. `shippingDiscount` is the shipping a free-shipping code waived
   * (`shippingPrice` is after it). `promotion` names the code; null without one.
   */
  discountPrice: number;
  shippingDiscount: number;
  promotion: { _id: string; code: string } | null;
  /** The final charge's discount (recomputed on what was picked); null before the final. */
  finalDiscountPrice: number | null;
  /**
   * The final charge, once the order was picked (POST /api/orders/{id}/final; an order delivered
   * without one is final as ordered): the items as picked, tax on them, the approved shipping, and
   * their total — never above `totalPrice`. Null before. Paid minus final was refunded as the
   * "weight adjustment" (in `refunds`).
   */
  finalItemsPrice: number | null;
  finalTaxPrice: number | null;
  finalPrice: number | null;
  finalizedAt: string | null;
  /** A subscription's order (docs/decisions/051-standing-orders.md): its subscription and week; absent otherwise. */
  subscription?: { _id: string; date: string };
  /** A subscription's order: the lines not placed as wanted (in the product's unit), capped at the stock or 0. */
  changes?: { _id: string; wanted: number; given: number }[];
}

/** A completed refund as orders answer it. */
export interface Refund {
  _id: string;
  /** Dollars. */
  amount: number;
  reason: string;
  createdAt: string;
}

/** The answer of POST /api/orders, the original API's shape (docs/decisions/013-order-created-answer.md). */
export interface OrderCreated {
  message: typeof ORDER_CREATED_MESSAGE;
  order: Order;
}

export const ORDER_CREATED_MESSAGE = "New Order Created";

/** Body of the 409 answered when the catalogue's prices differ from what the shopper saw. */
export interface PriceChangedError {
  message: string;
  orderItems: (OrderLineSnapshot & { countInStock: number })[];
  prices: Prices;
}

/** The states the admin order list filters by (docs/decisions/026-bounded-lists.md). */
export const ORDER_LIST_STATES = ["unpaid", "paid", "delivered", "cancelled"] as const;

/** Query of GET /api/orders (admin): a state, an order id or a customer's e-mail (`q`), paging. */
export const OrderListQuerySchema = v.object({
  state: v.optional(v.picklist(ORDER_LIST_STATES, `state must be one of ${ORDER_LIST_STATES.join(", ")}`)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, "q must be at most 200 characters"))),
  ...PageQueryEntries,
});
export type OrderListQuery = v.InferOutput<typeof OrderListQuerySchema>;

/** Query of GET /api/orders/mine: paging only. */
export const MyOrdersQuerySchema = v.object(PageQueryEntries);
export type MyOrdersQuery = v.InferOutput<typeof MyOrdersQuerySchema>;

/**
 * Body of POST /api/promotions/preview (docs/decisions/049): a code and the cart (and, for zones,
 * where it goes), priced as placement will price it.
 */
export const PromotionPreviewInputSchema = v.object({
  code: v.pipe(v.string("code must be text"), v.trim(), v.nonEmpty("code is required"), v.maxLength(64)),
  orderItems: v.pipe(
    v.array(OrderLineInputSchema),
    v.minLength(1, "Cart is empty"),
    v.maxLength(MAX_ORDER_LINES, `An order holds at most ${MAX_ORDER_LINES} lines`),
  ),
  shippingAddress: v.optional(ShippingAddressSchema),
});
export type PromotionPreviewInput = v.InferOutput<typeof PromotionPreviewInputSchema>;

/**
 * The preview's answer: the code as the shop spells it, what it takes off the items and the
 * shipping, each line's share, and the order's amounts with it (totalPrice = itemsPrice −
 * discountPrice + shippingPrice + taxPrice; shippingPrice is after `shippingDiscount`).
 */
export interface PromotionPreview {
  code: string;
  discountPrice: number;
  shippingDiscount: number;
  lines: { _id: string; discount: number }[];
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}
