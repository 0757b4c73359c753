import * as v from "valibot";
import {
  lineProductId,
  lineQuantity,
  MAX_ORDER_LINES,
  productOverLineBound,
  type ShippingAddress,
  ShippingAddressSchema,
  SUBSTITUTE_CHOICES,
  type SubstituteChoice,
} from "../orders/order.schema.ts";
import { PageQueryEntries } from "../paging.schema.ts";
import { countParam, DateSchema, TimeSchema, WeekdaySchema } from "../slots/delivery.schema.ts";

/**
 * Browser-safe shapes of the subscription API (docs/product.md §12, docs/decisions/051-standing-orders.md),
 * shared by the server and the web app (imports nothing but valibot and the pure order and delivery shapes).
 */

/** At most this many skipped dates kept on a subscription (a year of weekly boxes and then some). */
export const MAX_SKIPS = 60;
/** The subscription states. `paused` is answered while `pausedUntil` is ahead of today. */
export const SUBSCRIPTION_STATES = ["active", "paused", "cancelled"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** One line of a subscription: a product, its quantity in the product's unit, the substitute choice. */
export const SubscriptionItemSchema = v.object({
  _id: lineProductId,
  quantity: lineQuantity("Quantity"),
  substitute: v.optional(
    v.picklist(
      SUBSTITUTE_CHOICES,
      `substitute must be one of ${SUBSTITUTE_CHOICES.map((c) => `"${c}"`).join(", ")}`,
    ),
  ),
});
export type SubscriptionItemInput = v.InferOutput<typeof SubscriptionItemSchema>;

const ItemsSchema = v.pipe(
  v.array(SubscriptionItemSchema, "items must be a list"),
  v.minLength(1, "A subscription holds at least one item"),
  v.maxLength(MAX_ORDER_LINES, `A subscription holds at most ${MAX_ORDER_LINES} items`),
  v.check(
    (lines) => productOverLineBound(lines) === undefined,
    "A product's quantities add up to more than an order line may hold",
  ),
);

/** The weekly window a subscription is delivered in: one of the delivery rules' windows. */
export const SubscriptionWindowSchema = v.object({
  weekday: WeekdaySchema,
  start: TimeSchema,
  end: TimeSchema,
});
export type SubscriptionWindow = v.InferOutput<typeof SubscriptionWindowSchema>;

const EverySchema = v.picklist([1, 2], "every must be 1 (every week) or 2 (every other week)");

/** Body of POST /api/subscriptions. */
export const NewSubscriptionSchema = v.pipe(
  v.object({
    items: ItemsSchema,
    window: SubscriptionWindowSchema,
    every: EverySchema,
    startsOn: DateSchema,
    endsOn: v.optional(DateSchema),
    shippingAddress: ShippingAddressSchema,
  }),
  v.check((s) => s.endsOn === undefined || s.endsOn >= s.startsOn, "endsOn must not be before startsOn"),
);
export type NewSubscriptionInput = v.InferOutput<typeof NewSubscriptionSchema>;

/** Body of PUT /api/subscriptions/{id}: any of these; `null` clears `endsOn` or `pausedUntil`. */
export const SubscriptionChangeSchema = v.pipe(
  v.object({
    items: v.optional(ItemsSchema),
    window: v.optional(SubscriptionWindowSchema),
    every: v.optional(EverySchema),
    endsOn: v.optional(v.nullable(DateSchema)),
    shippingAddress: v.optional(ShippingAddressSchema),
    pausedUntil: v.optional(v.nullable(DateSchema)),
  }),
  v.check((change) => Object.keys(change).length > 0, "Send at least one field to change"),
);
export type SubscriptionChange = v.InferOutput<typeof SubscriptionChangeSchema>;

/** Body of POST /api/subscriptions/{id}/skips. */
export const SkipSchema = v.object({ date: DateSchema });

/** The `{date}` of DELETE /api/subscriptions/{id}/skips/{date}. */
export const SkipDateSchema = DateSchema;

/** Query of GET /api/subscriptions (admin) and /mine: paging only. */
export const SubscriptionListQuerySchema = v.object(PageQueryEntries);
export type SubscriptionListQuery = v.InferOutput<typeof SubscriptionListQuerySchema>;

/** Query of GET /api/delivery/forecast: how many weeks from today (1 to 8, default 4). */
export const MAX_FORECAST_WEEKS = 8;
export const ForecastQuerySchema = v.object({
  weeks: v.optional(countParam("weeks", MAX_FORECAST_WEEKS)),
});

/** The next box of a subscription: its date, when it can no longer change, when it opens, its estimate. */
export interface NextBox {
  date: string;
  cutoffAt: string;
  opensAt: string;
  /** Dollars at today's prices, shipping and tax included. */
  estimatedTotal: number;
}

/** A subscription as the API answers it. */
export interface Subscription {
  _id: string;
  user: { _id: string; name: string } | null;
  status: SubscriptionState;
  /** Each item in its product's unit, with the product's current name (null once it is gone). */
  items: { _id: string; quantity: number; substitute: SubstituteChoice; name: string | null }[];
  window: SubscriptionWindow;
  every: 1 | 2;
  startsOn: string;
  endsOn: string | null;
  shippingAddress: ShippingAddress;
  pausedUntil: string | null;
  /** The skipped dates ahead. */
  skips: string[];
  next: NextBox | null;
  createdAt: string;
  cancelledAt: string | null;
}

/** One window date of the harvest forecast (GET /api/delivery/forecast). */
export interface ForecastDay {
  date: string;
  start: string;
  end: string;
  products: { _id: string; name: string; unit: string; quantity: number }[];
}
