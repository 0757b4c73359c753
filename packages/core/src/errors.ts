/**
 * The API's error codes, declared once: each stable UPPER_SNAKE code with the HTTP status it answers
 * and what it means. Every error answer is `{ message, code }` (plus the error's `details`); a program
 * decides on `code`, never on `message`, which is English for a person. docs/errors.md lists the same
 * codes (errors.test.ts keeps the two equal); a code, once published, keeps its meaning.
 */
export const errorCodes = {
  VALIDATION_FAILED: {
    status: 400,
    meaning:
      "A field of the request breaks its rule; `field` names it (a dotted path such as `orderItems.0.quantity`)",
  },
  MALFORMED_REQUEST: {
    status: 400,
    meaning: "The body is not valid JSON, not a JSON object, or not the multipart form the route takes",
  },
  LINK_INVALID: { status: 400, meaning: "The emailed link is invalid, was tampered with, or has expired" },
  UNKNOWN_PRODUCT: { status: 400, meaning: "An order line names a product the shop does not have" },
  UNKNOWN_PAYMENT: { status: 400, meaning: "PayPal does not know the PayPal order or capture named" },
  WEBHOOK_UNVERIFIED: {
    status: 400,
    meaning: "The webhook's signature could not be verified, or its body is not a PayPal event",
  },
  OWN_ACCOUNT: {
    status: 400,
    meaning: "An administrator cannot remove their own admin rights or delete their own account",
  },
  UNAUTHENTICATED: { status: 401, meaning: "No bearer token, or one that is invalid, expired or revoked" },
  INVALID_CREDENTIALS: { status: 401, meaning: "The email or the password is wrong" },
  FORBIDDEN: {
    status: 403,
    meaning:
      "The caller may not do this (not an administrator, not their order, or not through the shop's address)",
  },
  NOT_FOUND: {
    status: 404,
    meaning: "No such route, or no such user, product, order, subscription or delivery window",
  },
  PRICES_CHANGED: {
    status: 409,
    meaning: "A price changed since the cart was filled; `orderItems` and `prices` carry the current ones",
  },
  OUT_OF_STOCK: {
    status: 409,
    meaning: "A product has less stock than the request takes; `productId` names it",
  },
  IN_STOCK: {
    status: 409,
    meaning: "The product is in stock: order it instead of asking for a restock alert",
  },
  SLOT_FULL: { status: 409, meaning: "The delivery window has no seat left; `deliverySlotId` names it" },
  SLOT_CLOSED: {
    status: 409,
    meaning: "The delivery window was closed by the shop; `deliverySlotId` names it",
  },
  CUTOFF_PASSED: {
    status: 409,
    meaning: "The delivery window's cut-off has passed; `deliverySlotId` names it",
  },
  SLOT_UNKNOWN: { status: 409, meaning: "The delivery window chosen does not exist (any more)" },
  NO_SLOT_AVAILABLE: { status: 409, meaning: "Every delivery window is full or past its cut-off" },
  SLOT_EXISTS: { status: 409, meaning: "A delivery window with that date and times already exists" },
  CAPACITY_BELOW_BOOKED: {
    status: 409,
    meaning: "A delivery window's capacity cannot drop below the orders it has booked",
  },
  NO_DELIVERY_WINDOW: { status: 409, meaning: "The order has no delivery window to move" },
  OUTSIDE_AREA: {
    status: 409,
    meaning: "The address (its map location, else its postal code) is outside every delivery zone",
  },
  BELOW_MINIMUM: {
    status: 409,
    meaning:
      "The items cost less than the delivery zone's minimum; the message says how much is missing, `missing` in dollars",
  },
  WINDOW_NOT_SERVED: {
    status: 409,
    meaning: "The delivery zone of the address is not delivered on the chosen window's weekday",
  },
  PROMO_UNKNOWN: { status: 409, meaning: "No promotion has this code (codes are matched in any case)" },
  PROMO_NOT_STARTED: {
    status: 409,
    meaning: "The promotion's `startsAt` has not come yet, or it is switched off",
  },
  PROMO_EXPIRED: { status: 409, meaning: "The promotion's `endsAt` has passed" },
  PROMO_USED_UP: {
    status: 409,
    meaning: "The promotion reached its `usageLimit`, or the customer their `perCustomerLimit`",
  },
  PROMO_MIN_NOT_MET: {
    status: 409,
    meaning:
      "The items cost less than the promotion's `minItemsPrice`; the message says how much is missing, `missing` in dollars",
  },
  PROMO_NOT_ELIGIBLE: { status: 409, meaning: "No line of the cart is one the promotion applies to" },
  PROMO_FIRST_ORDER_ONLY: {
    status: 409,
    meaning:
      "The promotion is for a customer's first order, and the caller has ordered before (or is not signed in)",
  },
  PROMO_CODE_TAKEN: {
    status: 409,
    meaning: "Another promotion uses this code (codes are matched in any case)",
  },
  WINDOW_NOT_OFFERED: {
    status: 409,
    meaning: "A subscription's window is not one of the delivery rules' weekly windows",
  },
  NOT_A_DELIVERY_DATE: { status: 409, meaning: "The date is not one of the subscription's delivery dates" },
  SUBSCRIPTION_CANCELLED: { status: 409, meaning: "The subscription was cancelled; it can no longer change" },
  EMAIL_TAKEN: { status: 409, meaning: "Another account uses this email" },
  ADDRESS_LIMIT_REACHED: {
    status: 409,
    meaning: "The shopper already keeps the most saved addresses allowed (10); delete one first",
  },
  SLUG_TAKEN: { status: 409, meaning: "Another product uses this slug" },
  ALREADY_REVIEWED: { status: 409, meaning: "The caller already reviewed this product" },
  ALREADY_PAID: { status: 409, meaning: "The order is already paid" },
  ALREADY_DELIVERED: { status: 409, meaning: "The order is already delivered" },
  NOT_PAID: { status: 409, meaning: "The order is not paid yet" },
  PAYMENT_PENDING: {
    status: 409,
    meaning: "PayPal still holds the payment; it can be refunded once completed",
  },
  ORDER_CANCELLED: { status: 409, meaning: "The order was cancelled (and refunded, when it was paid)" },
  ALREADY_FINALISED: { status: 409, meaning: "The order already has its final charge; it cannot change" },
  LINES_REFUNDED: {
    status: 409,
    meaning: "Lines of the order were refunded before it was picked; refund any difference by amount",
  },
  REFUND_LIMIT_REACHED: { status: 409, meaning: "The order has taken the most refunds it may" },
  REFUND_EXCEEDS_PAID: { status: 409, meaning: "The refund asks for more than is left to refund" },
  REFUND_REFUSED: {
    status: 409,
    meaning: "PayPal refused the refund; nothing was refunded; `issue` says why",
  },
  PAYMENT_MISMATCH: {
    status: 409,
    meaning: "The PayPal payment does not match the order (amount, currency, order) or is not approved",
  },
  PAYMENT_DECLINED: {
    status: 409,
    meaning: "PayPal did not complete the payment; `issue` is PayPal's reason",
  },
  CHANGED_MEANWHILE: {
    status: 409,
    meaning: "What the request changes was changed meanwhile; reload and try again",
  },
  REBUILD_RUNNING: { status: 409, meaning: "Another rebuild of the dashboard figures is running" },
  IDEMPOTENCY_KEY_ORDER_DELETED: {
    status: 409,
    meaning: "The order placed under this Idempotency-Key was deleted",
  },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: "The request body or the file is larger than the route takes" },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    meaning: "This Idempotency-Key was used before with another request body; use a new key",
  },
  RATE_LIMITED: {
    status: 429,
    meaning: "Too many requests (or failed sign-ins) in the window; try again later",
  },
  INTERNAL: { status: 500, meaning: "Something failed on the shop's side; the request id is in its logs" },
  PAYPAL_UNREACHABLE: { status: 502, meaning: "PayPal did not answer; try again" },
  UNAVAILABLE: {
    status: 503,
    meaning: "A service the request needs is down or not configured; try again later",
  },
  ORDER_CHANGING: { status: 503, meaning: "Another request is changing this order; try again" },
  IN_PROGRESS: {
    status: 503,
    meaning: "A request with the same Idempotency-Key, or the same webhook event, is still being handled",
  },
  BUSY: { status: 503, meaning: "Too many requests change the same thing at once; try again shortly" },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof errorCodes;
export type ErrorStatus = (typeof errorCodes)[ErrorCode]["status"];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && Object.hasOwn(errorCodes, value);

/**
 * The one error type core throws; its code decides the HTTP status. The API's error mapper answers
 * `{ ...details, message, code }` with that status; anything else becomes a generic 500 (`INTERNAL`).
 *
 * @example
 * throw new AppError("OUT_OF_STOCK", "Sorry. Watermelon is out of stock", { productId });
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  /** Extra JSON fields sent beside `message` (e.g. the current prices on a price conflict, the `field`). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = errorCodes[code].status;
    this.details = details;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/**
 * A `VALIDATION_FAILED` naming its field: the message reads "field: problem", and `field` is sent
 * beside it, as the API's own validation does (packages/functions/src/api/validate.ts).
 *
 * @example
 * throw fieldError("orderItems.0.quantity", "must be a whole number of steps");
 */
export const fieldError = (field: string, problem: string): AppError =>
  new AppError("VALIDATION_FAILED", `${field}: ${problem}`, { field });
