import type { ErrorCode } from "@fruit/core/browser/errors";
import type { PromotionPreview, ShippingAddress } from "@fruit/core/browser/orders";
import { defineMessages, type MessageDescriptor } from "react-intl";
import useSWR from "swr";
import type { Formatters } from "../../../i18n/format.ts";
import { ApiError, api } from "../../../lib/api.ts";
import type { CartItem } from "../../../lib/shop-store.ts";

/**
 * POST /api/promotions/preview for the cart (docs/decisions/049-promotions-split-to-the-cent.md): what
 * the applied code takes off each line, and the order's amounts with it, priced by the server as
 * placement will. The key holds the code, the lines and the address, so a change asks again.
 */
export const PROMOTION_PREVIEW = "/api/promotions/preview";

/** The preview's SWR key; null without a code or an empty cart. */
export function promotionPreviewKey(
  code: string | null,
  items: readonly CartItem[],
  address: ShippingAddress | null,
): string | null {
  if (!code || items.length === 0) return null;
  return JSON.stringify({
    code,
    orderItems: items.map((item) => ({ _id: item._id, quantity: item.quantity })),
    ...(address?.postalCode ? { shippingAddress: address } : {}),
  });
}

export const fetchPromotionPreview = (key: string): Promise<PromotionPreview> =>
  api<PromotionPreview>(PROMOTION_PREVIEW, { method: "POST", body: JSON.parse(key) });

/** The applied code's preview, kept while a new one loads. */
export function usePromotionPreview(
  code: string | null,
  items: readonly CartItem[],
  address: ShippingAddress | null,
) {
  return useSWR<PromotionPreview>(promotionPreviewKey(code, items, address), fetchPromotionPreview, {
    keepPreviousData: true,
    shouldRetryOnError: false,
  });
}

/** What the cart says for each refusal, decided by its code (never the server's message text). */
const REFUSALS: Partial<Record<ErrorCode, MessageDescriptor>> = defineMessages({
  PROMO_UNKNOWN: {
    id: "promo.PROMO_UNKNOWN",
    defaultMessage: "We don't know this code. Check its spelling.",
  },
  PROMO_NOT_STARTED: { id: "promo.PROMO_NOT_STARTED", defaultMessage: "This code is not valid yet." },
  PROMO_EXPIRED: { id: "promo.PROMO_EXPIRED", defaultMessage: "This code has expired." },
  PROMO_USED_UP: { id: "promo.PROMO_USED_UP", defaultMessage: "This code has been used up." },
  PROMO_NOT_ELIGIBLE: {
    id: "promo.PROMO_NOT_ELIGIBLE",
    defaultMessage: "This code does not apply to anything in your cart.",
  },
  PROMO_FIRST_ORDER_ONLY: {
    id: "promo.PROMO_FIRST_ORDER_ONLY",
    defaultMessage: "This code is for a first order only.",
  },
});

const MIN_NOT_MET = defineMessages({
  missing: { id: "promo.minMissing", defaultMessage: "Add {missing} more to your cart to use this code." },
  more: { id: "promo.minMore", defaultMessage: "Add more to your cart to use this code." },
});

/**
 * The refusal of a code for the shopper, by its code, in the page's language; undefined for an
 * error that is not one.
 */
export function promoRefusal(
  error: unknown,
  t: (descriptor: MessageDescriptor, values?: Record<string, string>) => string,
  format: Formatters,
): string | undefined {
  if (!(error instanceof ApiError) || !error.code) return undefined;
  if (error.code === "PROMO_MIN_NOT_MET") {
    const missing = error.details.missing;
    return typeof missing === "number"
      ? t(MIN_NOT_MET.missing, { missing: format.money(missing) })
      : t(MIN_NOT_MET.more);
  }
  const refusal = REFUSALS[error.code];
  return refusal && t(refusal);
}
