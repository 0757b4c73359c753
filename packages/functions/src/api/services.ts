/**
 * The core services the routers and the auth middleware call: core's own functions and signatures,
 * each answering a promise. The app hands them over (`createApp(services)` in app.ts); the API's
 * composition root (index.ts) gives it the lazily loaded ones of lazy-services.ts, so neither the
 * routers nor the middleware import anything that loads a service. Tests may hand over others.
 *
 * Only types are imported here: a static import of these core modules would put bcryptjs, jose,
 * PayPal or the S3 client on the catalogue's path (docs/decisions/017-lazy-api-chunks.md).
 */

import type * as addresses from "@fruit/core/addresses";
import type * as alerts from "@fruit/core/alerts";
import type * as contact from "@fruit/core/contact";
import type * as delivery from "@fruit/core/delivery";
import type * as mails from "@fruit/core/mails";
import type * as orders from "@fruit/core/orders";
import type * as payments from "@fruit/core/payments";
import type * as picking from "@fruit/core/picking";
import type * as promotions from "@fruit/core/promotions";
import type * as refunds from "@fruit/core/refunds";
import type * as reviews from "@fruit/core/reviews";
import type * as stats from "@fruit/core/stats";
import type * as subscriptions from "@fruit/core/subscriptions";
import type * as tax from "@fruit/core/tax";
import type * as uploads from "@fruit/core/uploads";
import type * as users from "@fruit/core/users";
import type * as caller from "@fruit/core/users/caller";
import type * as zones from "@fruit/core/zones";
import type * as openapi from "./openapi/document.ts";

/** The functions of `Module` named by `Names`, each answering a promise. */
export type AsyncFunctions<Module, Names extends keyof Module> = {
  [Name in Names]: Module[Name] extends (...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never;
};

export interface Services {
  /** Accounts: sign-up, sign-in (bcryptjs, jose), profiles and the admin user screens. */
  users: AsyncFunctions<
    typeof users,
    "signUp" | "signIn" | "updateProfile" | "list" | "fromId" | "update" | "remove"
  >;
  /** The caller's saved addresses (docs/decisions/048-saved-addresses.md). */
  addresses: AsyncFunctions<
    typeof addresses,
    "listAddresses" | "addAddress" | "updateAddress" | "removeAddress"
  >;
  /** The caller behind a bearer token (jose), the verified session alone, and the admin check. */
  caller: AsyncFunctions<typeof caller, "callerFromToken" | "sessionFromToken" | "assertAdmin">;
  /** Orders: placement, reading, delivery, removal. */
  orders: AsyncFunctions<
    typeof orders,
    | "placeOrder"
    | "listAll"
    | "listMine"
    | "fromIdForCaller"
    | "removeOrder"
    | "markDelivered"
    | "previewPromotion"
  >;
  /** The mails an order's customer was sent (reads only: sending is the mail subscriber's). */
  mails: AsyncFunctions<typeof mails, "listOrderMails">;
  /** Payments (PayPal or the test provider): paying, refunds, the final charge of a picked order and PayPal's webhooks. */
  payments: AsyncFunctions<
    typeof payments & typeof refunds & typeof picking,
    "createPaymentOrder" | "captureOrderPayment" | "refundOrder" | "finalizeOrder" | "receivePaypalWebhook"
  >;
  /** Product images: presigned S3 POSTs, multipart uploads through the API, their variants' state. */
  uploads: AsyncFunctions<typeof uploads, "presign" | "storeImage" | "imageState">;
  /** The admin dashboard's figures. */
  stats: AsyncFunctions<typeof stats, "readSummary">;
  /** Delivery days: rules, windows, pick lists, moving an order (docs/decisions/040-delivery-windows.md). */
  delivery: AsyncFunctions<
    typeof delivery,
    | "readRules"
    | "setRules"
    | "listOpenSlots"
    | "addSlot"
    | "changeSlot"
    | "pickList"
    | "calendar"
    | "moveOrder"
    | "bookedDays"
  >;
  /** Subscriptions: standing weekly orders, their skips and cancellation (docs/decisions/051-standing-orders.md). */
  subscriptions: AsyncFunctions<
    typeof subscriptions,
    | "createSubscription"
    | "listMySubscriptions"
    | "subscriptionForCaller"
    | "listSubscriptions"
    | "changeSubscription"
    | "cancelSubscription"
    | "skipWeek"
    | "unskipWeek"
    | "deliveryForecast"
  >;
  /** Delivery zones and the quote (docs/decisions/046-zones-and-tax-classes.md). */
  zones: AsyncFunctions<typeof zones, "readZones" | "setZones" | "quoteDelivery">;
  /** Promotion codes and their preview (docs/decisions/049-promotions-split-to-the-cent.md). */
  promotions: AsyncFunctions<
    typeof promotions,
    "createPromotion" | "listPromotions" | "promotionFromId" | "updatePromotion" | "deletePromotion"
  >;
  /** Tax classes (docs/decisions/046-zones-and-tax-classes.md). */
  tax: AsyncFunctions<typeof tax, "readTaxClasses" | "setTaxClasses">;
  /** Reviews (they write the product's rating in the same transaction). */
  reviews: AsyncFunctions<typeof reviews, "addReview">;
  /** Restock alerts (jose: signed unsubscribe links) and the dashboard's "Running low" list. */
  alerts: AsyncFunctions<
    typeof alerts,
    | "restockAlertState"
    | "subscribeRestock"
    | "unsubscribeRestock"
    | "unsubscribeRestockByLink"
    | "lowStockList"
  >;
  /** The contact form and the newsletter (jose: signed confirmation and unsubscribe links). */
  contact: AsyncFunctions<
    typeof contact,
    | "sendContactMessage"
    | "listContactMessages"
    | "signUpNewsletter"
    | "confirmNewsletter"
    | "unsubscribeNewsletter"
    | "listNewsletterSubscribers"
  >;
  /** The API's OpenAPI document (`@valibot/to-json-schema`), built on its first request. */
  openapi: AsyncFunctions<typeof openapi, "openapiDocument">;
}
