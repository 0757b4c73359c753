import type { AsyncFunctions, Services } from "./services.ts";

/**
 * The core services the API loads on first use instead of at start-up. A cold API Lambda answering
 * the public catalogue (`GET /api/products`, `/slug/:slug`, `/categories`) evaluates only Hono, the
 * DynamoDB client and the catalogue code; passwords (bcryptjs), tokens (jose), payments (PayPal),
 * images (the S3 client and its presigner) and the multipart upload rules are separate chunks of the
 * bundle (esbuild code splitting, `nodejs.splitting` in stacks/api.ts), fetched the first time a
 * route of their family runs (docs/decisions/017-lazy-api-chunks.md).
 *
 * Only the composition root (index.ts) imports this module; it hands `lazyServices` to the app,
 * whose routers and middleware call them as core's own functions (services.ts). Each family is
 * imported through its module in `./lazy/`, which re-exports core's and keeps the startup path in one
 * chunk (lazy/README.md). tests/integration/bundle.test.ts fails when one of these modules reaches
 * the catalogue path again.
 */

type AnyFunction = (...args: never[]) => unknown;

/**
 * Loads a module once, on the first call; a failed load (a chunk missing from a broken deployment)
 * is not remembered, so the next request tries again instead of failing forever.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * Stand-ins for the named functions of a module loaded with `import()` on first call.
 *
 * @example
 * const { signIn } = lazyFunctions(() => import("./lazy/users.ts"), ["signIn"]);
 * await signIn(input); // loads the users module (and bcryptjs, jose) the first time only
 */
export function lazyFunctions<Module, const Names extends keyof Module & string>(
  load: () => Promise<Module>,
  names: readonly Names[],
): AsyncFunctions<Module, Names> {
  const module = once(load);
  const functions: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of names) {
    functions[name] = async (...args) => {
      const loaded = await module();
      return (loaded[name] as AnyFunction)(...(args as never[]));
    };
  }
  return functions as AsyncFunctions<Module, Names>;
}

/** Every service of `Services`, each family loaded on its first call. */
export const lazyServices: Services = {
  users: lazyFunctions(
    () => import("./lazy/users.ts"),
    ["signUp", "signIn", "updateProfile", "list", "fromId", "update", "remove"],
  ),
  addresses: lazyFunctions(
    () => import("./lazy/addresses.ts"),
    ["listAddresses", "addAddress", "updateAddress", "removeAddress"],
  ),
  caller: lazyFunctions(
    () => import("./lazy/caller.ts"),
    ["callerFromToken", "sessionFromToken", "assertAdmin"],
  ),
  orders: lazyFunctions(
    () => import("./lazy/orders.ts"),
    [
      "placeOrder",
      "listAll",
      "listMine",
      "fromIdForCaller",
      "removeOrder",
      "markDelivered",
      "previewPromotion",
    ],
  ),
  mails: lazyFunctions(() => import("./lazy/mails.ts"), ["listOrderMails"]),
  payments: lazyFunctions(
    () => import("./lazy/payments.ts"),
    ["createPaymentOrder", "captureOrderPayment", "refundOrder", "finalizeOrder", "receivePaypalWebhook"],
  ),
  uploads: lazyFunctions(() => import("./lazy/uploads.ts"), ["presign", "storeImage", "imageState"]),
  stats: lazyFunctions(() => import("./lazy/stats.ts"), ["readSummary"]),
  reviews: lazyFunctions(() => import("./lazy/reviews.ts"), ["addReview"]),
  delivery: lazyFunctions(
    () => import("./lazy/delivery.ts"),
    [
      "readRules",
      "setRules",
      "listOpenSlots",
      "addSlot",
      "changeSlot",
      "pickList",
      "calendar",
      "moveOrder",
      "bookedDays",
    ],
  ),
  subscriptions: lazyFunctions(
    () => import("./lazy/subscriptions.ts"),
    [
      "createSubscription",
      "listMySubscriptions",
      "subscriptionForCaller",
      "listSubscriptions",
      "changeSubscription",
      "cancelSubscription",
      "skipWeek",
      "unskipWeek",
      "deliveryForecast",
    ],
  ),
  zones: lazyFunctions(() => import("./lazy/zones.ts"), ["readZones", "setZones", "quoteDelivery"]),
  tax: lazyFunctions(() => import("./lazy/tax.ts"), ["readTaxClasses", "setTaxClasses"]),
  promotions: lazyFunctions(
    () => import("./lazy/promotions.ts"),
    ["createPromotion", "listPromotions", "promotionFromId", "updatePromotion", "deletePromotion"],
  ),
  alerts: lazyFunctions(
    () => import("./lazy/alerts.ts"),
    [
      "restockAlertState",
      "subscribeRestock",
      "unsubscribeRestock",
      "unsubscribeRestockByLink",
      "lowStockList",
    ],
  ),
  contact: lazyFunctions(
    () => import("./lazy/contact.ts"),
    [
      "sendContactMessage",
      "listContactMessages",
      "signUpNewsletter",
      "confirmNewsletter",
      "unsubscribeNewsletter",
      "listNewsletterSubscribers",
    ],
  ),
  openapi: lazyFunctions(() => import("./lazy/openapi.ts"), ["openapiDocument"]),
};
