import { SavedAddressInputSchema } from "@fruit/core/browser/addresses";
import {
  ConfirmNewsletterSchema,
  ContactListQuerySchema,
  ContactSchema,
  LinkTokenSchema,
  NewsletterSchema,
} from "@fruit/core/browser/contact";
import {
  MoveOrderSchema,
  NewSlotSchema,
  RulesSchema,
  SlotChangeSchema,
  SlotsQuerySchema,
} from "@fruit/core/browser/delivery";
import { LocaleBodySchema } from "@fruit/core/browser/i18n";
import {
  IdempotencyKeySchema,
  MyOrdersQuerySchema,
  OrderInputSchema,
  OrderListQuerySchema,
  PayOrderSchema,
  PromotionPreviewInputSchema,
} from "@fruit/core/browser/orders";
import { FinalInputSchema } from "@fruit/core/browser/picking";
import {
  AdminPageQuerySchema,
  LangQuerySchema,
  ProductQuerySchema,
  ProductUpdateSchema,
} from "@fruit/core/browser/products";
import { PromotionInputSchema, PromotionListQuerySchema } from "@fruit/core/browser/promotions";
import { RefundInputSchema } from "@fruit/core/browser/refunds";
import { ReviewSchema } from "@fruit/core/browser/reviews";
import {
  ForecastQuerySchema,
  NewSubscriptionSchema,
  SkipSchema,
  SubscriptionChangeSchema,
  SubscriptionListQuerySchema,
} from "@fruit/core/browser/subscriptions";
import { TaxClassesSchema } from "@fruit/core/browser/tax";
import { PresignSchema } from "@fruit/core/browser/uploads";
import {
  AdminUserUpdateSchema,
  ProfileSchema,
  SignInSchema,
  SignUpSchema,
  UserListQuerySchema,
} from "@fruit/core/browser/users";
import { QuoteQuerySchema, ZonesSchema } from "@fruit/core/browser/zones";
import type { ErrorCode } from "@fruit/core/errors";
import type * as v from "valibot";

/**
 * Who may call a route: anyone, a signed-in caller (`requireUser`), a verified token alone
 * (`requireSession`) or an administrator (`requireAdmin`), as middleware/auth.ts guards it.
 */
export type Access = "public" | "user" | "session" | "admin";

/** What the API's contract says of one route beside its path; document.ts turns it into OpenAPI. */
export interface RouteContract {
  summary: string;
  access: Access;
  /** The schema the route parses its query with (`parseWith(Schema, c.req.query())`). */
  query?: v.GenericSchema;
  /** The schema the route parses its JSON body with (`jsonBody(c, Schema)`), or its multipart file. */
  body?: v.GenericSchema | { multipartFile: string };
  /** The schema of its `Idempotency-Key` header, when it reads one. */
  idempotencyKey?: v.GenericSchema;
  /** Its success statuses, each with what it answers. */
  answers: Record<number, string>;
  /** The codes its own rules may answer (auth, validation, 413 and 5xx codes are added by document.ts). */
  errors?: readonly ErrorCode[];
}

/** Why a promotion's code does not apply (docs/decisions/049-promotions-split-to-the-cent.md). */
const PROMOTION_REFUSALS = [
  "PROMO_UNKNOWN",
  "PROMO_NOT_STARTED",
  "PROMO_EXPIRED",
  "PROMO_USED_UP",
  "PROMO_MIN_NOT_MET",
  "PROMO_NOT_ELIGIBLE",
  "PROMO_FIRST_ORDER_ONLY",
] as const satisfies ErrorCode[];

const ORDER_CONFLICTS = ["ORDER_CANCELLED", "ORDER_CHANGING"] as const satisfies ErrorCode[];
const PLACEMENT = [
  "UNKNOWN_PRODUCT",
  "PRICES_CHANGED",
  "OUT_OF_STOCK",
  "SLOT_FULL",
  "SLOT_CLOSED",
  "CUTOFF_PASSED",
  "SLOT_UNKNOWN",
  "NO_SLOT_AVAILABLE",
  "IDEMPOTENCY_KEY_ORDER_DELETED",
  "IN_PROGRESS",
  "BUSY",
  ...PROMOTION_REFUSALS,
] as const satisfies ErrorCode[];

/**
 * Every route of the app (api/app.ts and its routers) by `METHOD /path`, as Hono registers it, with
 * the same schemas its handler validates with. tests/integration/openapi.test.ts fails when the app
 * serves a route missing here, or this names one it does not serve.
 */
export const routeContracts: Record<string, RouteContract> = {
  "GET /api/health": { summary: "Liveness", access: "public", answers: { 200: "`{ ok: true }`" } },
  "GET /api/openapi.json": {
    summary: "This document: the API's contract",
    access: "public",
    answers: { 200: "The OpenAPI 3.1 document" },
  },
  "GET /api/products": {
    summary:
      "A page of the catalogue, newest first (Link rel=next, X-Total-Count); `lang=fr-CA` answers French texts (English where missing: `lang`, `fallback`), `q` and `category` then match French words, accents aside",
    access: "public",
    query: ProductQuerySchema,
    answers: { 200: "An array of products" },
  },
  "GET /api/products/categories": {
    summary: "The categories that hold products, by name (`lang=fr-CA`: their French names)",
    access: "public",
    query: LangQuerySchema,
    answers: { 200: "An array of categories" },
  },
  "GET /api/products/admin": {
    summary: "The admin catalogue screen's page",
    access: "admin",
    query: AdminPageQuerySchema,
    answers: { 200: "A page of products" },
  },
  "GET /api/products/slug/:slug": {
    summary: "A product by its slug (`lang=fr-CA`: its French texts, English where missing)",
    access: "public",
    query: LangQuerySchema,
    answers: { 200: "The product" },
    errors: ["NOT_FOUND"],
  },
  "GET /api/products/:id": {
    summary: "A product by id, fresh (the cart's stock check)",
    access: "public",
    answers: { 200: "The product" },
    errors: ["NOT_FOUND"],
  },
  "POST /api/products": {
    summary: "Creates a sample product to edit",
    access: "admin",
    answers: { 201: "`{ message, product }`" },
  },
  "PUT /api/products/:id": {
    summary:
      'Edits a product (`translations: { "fr-CA": { name, description, category } }` for its French texts)',
    access: "admin",
    body: ProductUpdateSchema,
    answers: { 200: "`{ message, product }`" },
    errors: ["NOT_FOUND", "SLUG_TAKEN", "CHANGED_MEANWHILE"],
  },
  "DELETE /api/products/:id": {
    summary: "Deletes a product",
    access: "admin",
    answers: { 200: "`{ message }`" },
    errors: ["NOT_FOUND", "CHANGED_MEANWHILE"],
  },
  "POST /api/products/:id/reviews": {
    summary: "Reviews a product",
    access: "user",
    body: ReviewSchema,
    answers: { 201: "`{ message, review, numReviews, rating }`" },
    errors: ["NOT_FOUND", "ALREADY_REVIEWED", "BUSY"],
  },
  "GET /api/products/:id/restock-alerts": {
    summary: "Whether the caller asked to hear when the product is back",
    access: "user",
    answers: { 200: "`{ productId, subscribed }`" },
    errors: ["NOT_FOUND"],
  },
  "POST /api/products/:id/restock-alerts": {
    summary:
      "Asks for a mail when the product is back in stock, in the body's `locale`, else the request's Accept-Language",
    access: "user",
    body: LocaleBodySchema,
    answers: { 200: "`{ productId, subscribed }`" },
    errors: ["NOT_FOUND", "IN_STOCK"],
  },
  "DELETE /api/products/:id/restock-alerts": {
    summary: "Cancels a restock alert",
    access: "user",
    answers: { 200: "`{ productId, subscribed }`" },
    errors: ["NOT_FOUND"],
  },
  "POST /api/restock-alerts/unsubscribe": {
    summary: "Cancels a restock alert from its mail's link",
    access: "public",
    body: LinkTokenSchema,
    answers: { 200: "`{ productId, subscribed }`" },
    errors: ["LINK_INVALID"],
  },
  "POST /api/newsletter": {
    summary:
      "Signs an address up for the newsletter (a confirmation mail follows, in the body's `locale`, else the request's Accept-Language)",
    access: "public",
    body: NewsletterSchema,
    answers: { 202: "`{ message }`" },
    errors: ["RATE_LIMITED"],
  },
  "POST /api/newsletter/confirm": {
    summary:
      "Confirms a newsletter sign-up from its mail's link (the subscriber's `locale`, else Accept-Language)",
    access: "public",
    body: ConfirmNewsletterSchema,
    answers: { 200: "The subscription" },
    errors: ["LINK_INVALID"],
  },
  "POST /api/newsletter/unsubscribe": {
    summary: "Unsubscribes from the newsletter from a mail's link",
    access: "public",
    body: LinkTokenSchema,
    answers: { 200: "The subscription" },
    errors: ["LINK_INVALID"],
  },
  "GET /api/newsletter/subscribers": {
    summary: "The newsletter's subscribers",
    access: "admin",
    query: ContactListQuerySchema,
    answers: { 200: "An array of subscribers" },
  },
  "POST /api/contact": {
    summary: "Sends the shop a message",
    access: "public",
    body: ContactSchema,
    answers: { 202: "`{ message }`" },
    errors: ["RATE_LIMITED"],
  },
  "GET /api/contact-messages": {
    summary: "The contact messages received",
    access: "admin",
    query: ContactListQuerySchema,
    answers: { 200: "An array of messages" },
  },
  "POST /api/users/signup": {
    summary: "Creates an account and signs it in",
    access: "public",
    body: SignUpSchema,
    answers: { 201: "The user with its token" },
    errors: ["EMAIL_TAKEN"],
  },
  "POST /api/users/signin": {
    summary: "Signs in",
    access: "public",
    body: SignInSchema,
    answers: { 200: "The user (with its `locale`) and its token" },
    errors: ["INVALID_CREDENTIALS", "RATE_LIMITED"],
  },
  "PUT /api/users/profile": {
    summary: "Edits the caller's own profile (`locale`: fr-CA or en, the language of their mails and orders)",
    access: "user",
    body: ProfileSchema,
    answers: { 200: "The user with a new token" },
    errors: ["EMAIL_TAKEN", "CHANGED_MEANWHILE"],
  },
  "GET /api/users/addresses": {
    summary: "The caller's saved addresses, oldest first (exactly one `isDefault` unless none)",
    access: "user",
    answers: { 200: "An array of saved addresses" },
  },
  "POST /api/users/addresses": {
    summary:
      "Saves an address for the caller (at most 10; the first, or one sent with `isDefault: true`, is the default)",
    access: "user",
    body: SavedAddressInputSchema,
    answers: { 201: "The saved address" },
    errors: ["ADDRESS_LIMIT_REACHED", "CHANGED_MEANWHILE"],
  },
  "PUT /api/users/addresses/:id": {
    summary: "Replaces one of the caller's saved addresses; `isDefault: true` makes it the default",
    access: "user",
    body: SavedAddressInputSchema,
    answers: { 200: "The saved address" },
    errors: ["NOT_FOUND", "CHANGED_MEANWHILE"],
  },
  "DELETE /api/users/addresses/:id": {
    summary: "Deletes one of the caller's saved addresses (a deleted default hands it to the newest other)",
    access: "user",
    answers: { 200: "`{ message }`" },
    errors: ["NOT_FOUND", "CHANGED_MEANWHILE"],
  },
  "GET /api/users": {
    summary: "A page of the accounts",
    access: "admin",
    query: UserListQuerySchema,
    answers: { 200: "An array of users" },
  },
  "GET /api/users/:id": {
    summary: "An account",
    access: "admin",
    answers: { 200: "The user" },
    errors: ["NOT_FOUND"],
  },
  "PUT /api/users/:id": {
    summary: "Edits an account",
    access: "admin",
    body: AdminUserUpdateSchema,
    answers: { 200: "The user" },
    errors: ["NOT_FOUND", "EMAIL_TAKEN", "OWN_ACCOUNT", "CHANGED_MEANWHILE"],
  },
  "DELETE /api/users/:id": {
    summary: "Deletes an account",
    access: "admin",
    answers: { 200: "`{ message }`" },
    errors: ["NOT_FOUND", "OWN_ACCOUNT", "CHANGED_MEANWHILE"],
  },
  "GET /api/orders/summary": {
    summary: "The dashboard's figures",
    access: "admin",
    answers: { 200: "The summary" },
  },
  "POST /api/orders": {
    summary:
      "Places an order (a replayed Idempotency-Key answers the first order with 200); its `locale` is the body's, else the user's, else en",
    access: "session",
    body: OrderInputSchema,
    idempotencyKey: IdempotencyKeySchema,
    answers: {
      201: "`{ message, order }`: placed now",
      200: "`{ message, order }`: placed before, same key",
    },
    errors: PLACEMENT,
  },
  "GET /api/orders": {
    summary: "A page of every order",
    access: "admin",
    query: OrderListQuerySchema,
    answers: { 200: "An array of orders" },
  },
  "GET /api/orders/mine": {
    summary: "A page of the caller's orders",
    access: "user",
    query: MyOrdersQuerySchema,
    answers: { 200: "An array of orders" },
  },
  "GET /api/orders/:id": {
    summary: "An order: the caller's own, or any for an administrator",
    access: "user",
    answers: { 200: "The order" },
    errors: ["NOT_FOUND"],
  },
  "GET /api/orders/:id/mails": {
    summary: "The mails the order's customer was sent",
    access: "admin",
    answers: { 200: "An array of mails" },
    errors: ["NOT_FOUND"],
  },
  "DELETE /api/orders/:id": {
    summary: "Deletes an order",
    access: "admin",
    answers: { 200: "`{ message }`" },
    errors: ["NOT_FOUND", "ORDER_CHANGING"],
  },
  "POST /api/orders/:id/paypal": {
    summary: "Opens a PayPal order for the order's total",
    access: "user",
    answers: { 200: "`{ id }`: the PayPal order's id" },
    errors: ["NOT_FOUND", "FORBIDDEN", "ALREADY_PAID", "ORDER_CANCELLED", "PAYPAL_UNREACHABLE"],
  },
  "PUT /api/orders/:id/pay": {
    summary: "Captures the approved PayPal order and marks the order paid",
    access: "user",
    body: PayOrderSchema,
    answers: { 200: "The order" },
    errors: [
      "NOT_FOUND",
      "FORBIDDEN",
      "UNKNOWN_PAYMENT",
      "PAYMENT_MISMATCH",
      "PAYMENT_DECLINED",
      "PAYPAL_UNREACHABLE",
      ...ORDER_CONFLICTS,
    ],
  },
  "POST /api/orders/:id/refunds": {
    summary: "Refunds lines, an amount, or everything (cancelling the order)",
    access: "admin",
    body: RefundInputSchema,
    idempotencyKey: IdempotencyKeySchema,
    answers: {
      201: "`{ refund, order }`: refunded now",
      200: "`{ refund, order }`: the same key's refund",
      202: "`{ refund, order }`: PayPal has not confirmed it yet",
    },
    errors: [
      "NOT_FOUND",
      "NOT_PAID",
      "PAYMENT_PENDING",
      "ALREADY_DELIVERED",
      "REFUND_LIMIT_REACHED",
      "REFUND_EXCEEDS_PAID",
      "REFUND_REFUSED",
      "IDEMPOTENCY_KEY_REUSED",
      "PAYPAL_UNREACHABLE",
      ...ORDER_CONFLICTS,
    ],
  },
  "POST /api/orders/:id/final": {
    summary: "Records a picked order's final charge (refunding the difference)",
    access: "admin",
    body: FinalInputSchema,
    idempotencyKey: IdempotencyKeySchema,
    answers: {
      201: "`{ order, refund }`: recorded now",
      200: "`{ order, refund }`: the same final again",
      202: "`{ order, refund }`: PayPal has not confirmed the adjustment yet",
    },
    errors: [
      "NOT_FOUND",
      "NOT_PAID",
      "ALREADY_DELIVERED",
      "ALREADY_FINALISED",
      "LINES_REFUNDED",
      "OUT_OF_STOCK",
      "REFUND_LIMIT_REACHED",
      "IDEMPOTENCY_KEY_REUSED",
      ...ORDER_CONFLICTS,
    ],
  },
  "PUT /api/orders/:id/deliver": {
    summary: "Marks a paid order delivered",
    access: "admin",
    answers: { 200: "The order" },
    errors: ["NOT_FOUND", "NOT_PAID", "ALREADY_DELIVERED", ...ORDER_CONFLICTS],
  },
  "GET /api/delivery/rules": {
    summary: "The delivery rules (weekly windows, time zone)",
    access: "admin",
    answers: { 200: "The rules" },
  },
  "PUT /api/delivery/rules": {
    summary: "Sets the delivery rules",
    access: "admin",
    body: RulesSchema,
    answers: { 200: "The rules" },
    errors: ["BUSY", "CAPACITY_BELOW_BOOKED"],
  },
  "GET /api/delivery/zones": {
    summary: "The delivery zones with their fees, minimums and route days",
    access: "admin",
    answers: { 200: "`{ zones }`" },
  },
  "PUT /api/delivery/zones": {
    summary: "Replaces the delivery zones",
    access: "admin",
    body: ZonesSchema,
    answers: { 200: "`{ zones }`" },
  },
  "GET /api/delivery/quote": {
    summary: "The zone, shipping, minimum, route days and tax rates for a place and basket",
    access: "public",
    query: QuoteQuerySchema,
    answers: { 200: "`{ zone, shippingPrice, freeOver, minimumItemsPrice, weekdays, taxRates }`" },
    errors: ["OUTSIDE_AREA"],
  },
  "GET /api/promotions": {
    summary: "A page of the promotions, newest first",
    access: "admin",
    query: PromotionListQuerySchema,
    answers: { 200: "An array of promotions" },
  },
  "POST /api/promotions": {
    summary: "Creates a promotion (its code unique in any case)",
    access: "admin",
    body: PromotionInputSchema,
    answers: { 201: "The promotion" },
    errors: ["PROMO_CODE_TAKEN"],
  },
  "GET /api/promotions/:id": {
    summary: "One promotion with its uses",
    access: "admin",
    answers: { 200: "The promotion" },
    errors: ["NOT_FOUND"],
  },
  "PUT /api/promotions/:id": {
    summary: "Replaces what the administrator sets of a promotion (its uses stay)",
    access: "admin",
    body: PromotionInputSchema,
    answers: { 200: "The promotion" },
    errors: ["NOT_FOUND", "PROMO_CODE_TAKEN", "CHANGED_MEANWHILE"],
  },
  "DELETE /api/promotions/:id": {
    summary: "Deletes a promotion (orders keep their code and discount)",
    access: "admin",
    answers: { 200: "`{ message }`" },
    errors: ["NOT_FOUND", "CHANGED_MEANWHILE"],
  },
  "POST /api/promotions/preview": {
    summary:
      "What a code takes off a cart, line by line, with the order's amounts (anyone; a signed-in caller's own limits apply)",
    access: "public",
    body: PromotionPreviewInputSchema,
    answers: {
      200: "`{ code, discountPrice, shippingDiscount, lines: [{ _id, discount }], itemsPrice, shippingPrice, taxPrice, totalPrice }`",
    },
    errors: ["UNKNOWN_PRODUCT", ...PROMOTION_REFUSALS],
  },
  "GET /api/tax/classes": {
    summary: "The shop's tax classes",
    access: "admin",
    answers: { 200: "`{ classes }`" },
  },
  "PUT /api/tax/classes": {
    summary: "Replaces the shop's tax classes (`standard` always among them)",
    access: "admin",
    body: TaxClassesSchema,
    answers: { 200: "`{ classes }`" },
  },
  "GET /api/delivery/slots": {
    summary:
      "The open delivery windows with their seats left; with `postalCode` or `lat` and `lng`, only those on the route days of that place's zone",
    access: "public",
    query: SlotsQuerySchema,
    answers: { 200: "An array of windows" },
  },
  "POST /api/delivery/slots": {
    summary: "Adds a one-off delivery window",
    access: "admin",
    body: NewSlotSchema,
    answers: { 201: "The window" },
    errors: ["SLOT_EXISTS"],
  },
  "PUT /api/delivery/slots/:id": {
    summary: "Changes a window's capacity or closes it",
    access: "admin",
    body: SlotChangeSchema,
    answers: { 200: "The window" },
    errors: ["NOT_FOUND", "CAPACITY_BELOW_BOOKED"],
  },
  "GET /api/delivery/slots/:id/picklist": {
    summary: "A window's pick list",
    access: "admin",
    answers: { 200: "The pick list" },
    errors: ["NOT_FOUND"],
  },
  "GET /api/delivery/calendar": {
    summary: "The windows of the coming days, with their bookings",
    access: "admin",
    query: SlotsQuerySchema,
    answers: { 200: "An array of days" },
  },
  "GET /api/delivery/days": {
    summary: "The days with booked windows",
    access: "admin",
    query: SlotsQuerySchema,
    answers: { 200: "An array of days" },
  },
  "GET /api/delivery/forecast": {
    summary:
      "The harvest forecast: per window date of the next `weeks` weeks (default 4), the placed orders and the subscriptions not yet opened, by product",
    access: "admin",
    query: ForecastQuerySchema,
    answers: { 200: "An array of `{ date, start, end, products: [{ _id, name, unit, quantity }] }`" },
  },
  "POST /api/subscriptions": {
    summary: "Starts a standing weekly order of the caller",
    access: "user",
    body: NewSubscriptionSchema,
    answers: { 201: "The subscription, with its `next` box" },
    errors: ["UNKNOWN_PRODUCT", "WINDOW_NOT_OFFERED"],
  },
  "GET /api/subscriptions": {
    summary: "A page of every subscription, newest first",
    access: "admin",
    query: SubscriptionListQuerySchema,
    answers: { 200: "An array of subscriptions" },
  },
  "GET /api/subscriptions/mine": {
    summary: "A page of the caller's subscriptions, newest first",
    access: "user",
    query: SubscriptionListQuerySchema,
    answers: { 200: "An array of subscriptions" },
  },
  "GET /api/subscriptions/:id": {
    summary: "A subscription: the caller's own, or any for an administrator",
    access: "user",
    answers: { 200: "The subscription" },
    errors: ["NOT_FOUND"],
  },
  "PUT /api/subscriptions/:id": {
    summary: "Changes a subscription's items, window, cadence, end, address or pause (weeks not yet opened)",
    access: "user",
    body: SubscriptionChangeSchema,
    answers: { 200: "The subscription" },
    errors: [
      "NOT_FOUND",
      "UNKNOWN_PRODUCT",
      "WINDOW_NOT_OFFERED",
      "SUBSCRIPTION_CANCELLED",
      "CHANGED_MEANWHILE",
    ],
  },
  "DELETE /api/subscriptions/:id": {
    summary: "Cancels a subscription and its unpaid open week's order",
    access: "user",
    answers: { 200: "The cancelled subscription" },
    errors: ["NOT_FOUND", "ALREADY_PAID", "CHANGED_MEANWHILE"],
  },
  "POST /api/subscriptions/:id/skips": {
    summary: "Skips a week, up to its cut-off; an open week's unpaid order is cancelled",
    access: "user",
    body: SkipSchema,
    answers: { 201: "The subscription" },
    errors: [
      "NOT_FOUND",
      "NOT_A_DELIVERY_DATE",
      "CUTOFF_PASSED",
      "ALREADY_PAID",
      "SUBSCRIPTION_CANCELLED",
      "CHANGED_MEANWHILE",
    ],
  },
  "DELETE /api/subscriptions/:id/skips/:date": {
    summary: "Takes a skip back before the week's cut-off",
    access: "user",
    answers: { 200: "The subscription" },
    errors: [
      "NOT_FOUND",
      "NOT_A_DELIVERY_DATE",
      "CUTOFF_PASSED",
      "SLOT_FULL",
      "SUBSCRIPTION_CANCELLED",
      "CHANGED_MEANWHILE",
    ],
  },
  "PUT /api/delivery/orders/:id": {
    summary: "Moves an order to another delivery window",
    access: "admin",
    body: MoveOrderSchema,
    answers: { 200: "The order" },
    errors: ["NOT_FOUND", "NO_DELIVERY_WINDOW", "SLOT_UNKNOWN", "SLOT_CLOSED", "SLOT_FULL", "ORDER_CHANGING"],
  },
  "GET /api/keys/paypal": {
    summary: "PayPal's client id (text)",
    access: "user",
    answers: { 200: "The client id, as text" },
  },
  "GET /api/keys/google": {
    summary: "The Google Maps key",
    access: "user",
    answers: { 200: "`{ key }`" },
  },
  "POST /api/webhooks/paypal": {
    summary: "PayPal's webhook deliveries (signed by PayPal)",
    access: "public",
    answers: { 200: "`{ received: true, outcome }`" },
    errors: ["MALFORMED_REQUEST", "WEBHOOK_UNVERIFIED", "IN_PROGRESS"],
  },
  "POST /api/uploads/presign": {
    summary: "A presigned S3 POST for a product image",
    access: "admin",
    body: PresignSchema,
    answers: { 200: "`{ url, fields, key }`" },
  },
  "GET /api/uploads/:id": {
    summary: "An upload's variants: pending, ready or failed",
    access: "admin",
    answers: { 200: "The image's state" },
  },
  "POST /api/upload": {
    summary: "Uploads a product image through the API (multipart, up to 4 MB)",
    access: "admin",
    body: { multipartFile: "file" },
    answers: { 200: "The stored image" },
  },
};
