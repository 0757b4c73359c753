import type { ErrorCode } from "@fruit/core/browser/errors";
import { formatMoney } from "@fruit/core/browser/money";
import type { PromotionPreview, ShippingAddress } from "@fruit/core/browser/orders";
import useSWR from "swr";
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
const REFUSALS: Partial<Record<ErrorCode, string>> = {
  PROMO_UNKNOWN: "We don't know this code. Check its spelling.",
  PROMO_NOT_STARTED: "This code is not valid yet.",
  PROMO_EXPIRED: "This code has expired.",
  PROMO_USED_UP: "This code has been used up.",
  PROMO_NOT_ELIGIBLE: "This code does not apply to anything in your cart.",
  PROMO_FIRST_ORDER_ONLY: "This code is for a first order only.",
};

/** The refusal of a code for the shopper, by its code; undefined for an error that is not one. */
export function promoRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.code) return undefined;
  if (error.code === "PROMO_MIN_NOT_MET") {
    const missing = error.details.missing;
    return typeof missing === "number"
      ? `Add ${formatMoney(missing)} more to your cart to use this code.`
      : "Add more to your cart to use this code.";
  }
  return REFUSALS[error.code];
}
