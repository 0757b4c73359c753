import type { ErrorCode } from "@fruit/core/browser/errors";
import { defineMessages, type MessageDescriptor } from "react-intl";

/**
 * What the shopper reads for an API error, by its `code` (docs/errors.md), in the page's language:
 * the web decides on codes, never on the server's sentence. A code not listed here — one that names
 * a field, a product or an amount (`VALIDATION_FAILED`, `OUT_OF_STOCK`, `BELOW_MINIMUM`), or an admin's — shows the server's
 * message, which follows the `Accept-Language` the client sends (lib/api.ts).
 */
export const ERROR_TEXT: Partial<Record<ErrorCode, MessageDescriptor>> = defineMessages({
  LINK_INVALID: { id: "error.LINK_INVALID", defaultMessage: "This link is invalid or has expired." },
  UNKNOWN_PRODUCT: {
    id: "error.UNKNOWN_PRODUCT",
    defaultMessage: "A product in your cart is no longer sold. Remove it and try again.",
  },
  UNAUTHENTICATED: { id: "error.UNAUTHENTICATED", defaultMessage: "Please sign in again." },
  INVALID_CREDENTIALS: { id: "error.INVALID_CREDENTIALS", defaultMessage: "Invalid email or password." },
  FORBIDDEN: { id: "error.FORBIDDEN", defaultMessage: "You may not do this." },
  NOT_FOUND: { id: "error.NOT_FOUND", defaultMessage: "Not found." },
  PRICES_CHANGED: {
    id: "error.PRICES_CHANGED",
    defaultMessage: "A price changed since you filled your cart. Please check the new total.",
  },
  IN_STOCK: { id: "error.IN_STOCK", defaultMessage: "This product is in stock: order it instead." },
  SLOT_FULL: {
    id: "error.SLOT_FULL",
    defaultMessage: "This delivery window is full. Please choose another.",
  },
  SLOT_CLOSED: {
    id: "error.SLOT_CLOSED",
    defaultMessage: "This delivery window is closed. Please choose another.",
  },
  CUTOFF_PASSED: {
    id: "error.CUTOFF_PASSED",
    defaultMessage: "It is too late to order for this delivery window. Please choose another.",
  },
  SLOT_UNKNOWN: {
    id: "error.SLOT_UNKNOWN",
    defaultMessage: "This delivery window no longer exists. Please choose another.",
  },
  NO_SLOT_AVAILABLE: {
    id: "error.NO_SLOT_AVAILABLE",
    defaultMessage: "No delivery window is available right now.",
  },
  OUTSIDE_AREA: { id: "error.OUTSIDE_AREA", defaultMessage: "We do not deliver to this address yet." },
  WINDOW_NOT_SERVED: {
    id: "error.WINDOW_NOT_SERVED",
    defaultMessage: "We do not deliver to your address on this window's day. Please choose another.",
  },
  EMAIL_TAKEN: { id: "error.EMAIL_TAKEN", defaultMessage: "Another account already uses this email." },
  ALREADY_REVIEWED: {
    id: "error.ALREADY_REVIEWED",
    defaultMessage: "You have already reviewed this product.",
  },
  ALREADY_PAID: { id: "error.ALREADY_PAID", defaultMessage: "This order is already paid." },
  ALREADY_DELIVERED: { id: "error.ALREADY_DELIVERED", defaultMessage: "This order is already delivered." },
  NOT_PAID: { id: "error.NOT_PAID", defaultMessage: "This order is not paid yet." },
  ORDER_CANCELLED: { id: "error.ORDER_CANCELLED", defaultMessage: "This order was cancelled." },
  PAYMENT_MISMATCH: {
    id: "error.PAYMENT_MISMATCH",
    defaultMessage: "The payment does not match this order.",
  },
  PAYMENT_DECLINED: {
    id: "error.PAYMENT_DECLINED",
    defaultMessage: "The payment was declined. Please try another way to pay.",
  },
  CHANGED_MEANWHILE: {
    id: "error.CHANGED_MEANWHILE",
    defaultMessage: "This changed meanwhile. Please reload and try again.",
  },
  PAYLOAD_TOO_LARGE: { id: "error.PAYLOAD_TOO_LARGE", defaultMessage: "This is too large." },
  RATE_LIMITED: { id: "error.RATE_LIMITED", defaultMessage: "Too many attempts. Please try again later." },
  INTERNAL: { id: "error.INTERNAL", defaultMessage: "Something went wrong, please try again." },
  PAYPAL_UNREACHABLE: {
    id: "error.PAYPAL_UNREACHABLE",
    defaultMessage: "PayPal did not answer. Please try again.",
  },
  UNAVAILABLE: {
    id: "error.UNAVAILABLE",
    defaultMessage: "This service is unavailable. Please try again later.",
  },
  ORDER_CHANGING: {
    id: "error.ORDER_CHANGING",
    defaultMessage: "Your order is being changed. Please try again.",
  },
  IN_PROGRESS: {
    id: "error.IN_PROGRESS",
    defaultMessage: "Your request is still being handled. Please wait a moment.",
  },
  BUSY: { id: "error.BUSY", defaultMessage: "The shop is busy. Please try again shortly." },
});
