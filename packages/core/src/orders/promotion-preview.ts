import { priceByClassCents, toDollars } from "../money/pricing.ts";
import { assertPromotionApplies, type PromotionCaller, promotionForCart } from "../promotions/index.ts";
import { currentTaxClasses } from "../tax/index.ts";
import { catalogueLines, mergeLines } from "./lines.ts";
import type { PromotionPreview, PromotionPreviewInput } from "./order.schema.ts";
import { orderStore } from "./order.store.ts";
import { placementPricing, ruleFor } from "./zone-pricing.ts";

/**
 * A promotion on a cart before it is placed (docs/decisions/049-promotions-split-to-the-cent.md):
 * the figures placement will store, and who counts as a customer who ordered before.
 */

/**
 * The caller a promotion checks: whether they have an order that was not cancelled (pattern 16,
 * newest first, from their index: eventually consistent; placement's per-customer counter closes
 * the race between two first orders).
 */
export const promotionCaller = (userId: string): PromotionCaller => ({
  userId,
  orderedBefore: async () => {
    const page = await orderStore.listOfUser(userId, { limit: 20 });
    return page.items.some((order) => order.cancelledAt === undefined);
  },
});

/**
 * POST /api/promotions/preview (anyone; a signed-in caller's own limits apply): the code's discount
 * on the cart priced from the catalogue, with the zone of `shippingAddress` when given and the tax
 * rates by class — the figures placement will store. 409 with a PROMO_* code when it does not apply.
 *
 * @example
 * const preview = await previewPromotion({ code: "SPRING-20", orderItems: [{ _id, quantity: 2 }] });
 */
export async function previewPromotion(
  input: PromotionPreviewInput,
  userId?: string,
): Promise<PromotionPreview> {
  const lines = await catalogueLines(input, mergeLines(input.orderItems));
  const promotion = await promotionForCart(
    input.code,
    lines.map((line) => line.productId),
    userId === undefined ? undefined : promotionCaller(userId),
  );
  assertPromotionApplies(promotion, lines);
  const rule = input.shippingAddress
    ? ruleFor(await placementPricing(input.shippingAddress), lines)
    : { taxRates: (await currentTaxClasses()).map(({ id, rate }) => ({ id, rate })) };
  const priced = priceByClassCents(lines, { ...rule, discount: promotion.rule });
  return {
    code: promotion.record.code,
    discountPrice: toDollars(priced.discountCents),
    shippingDiscount: toDollars(priced.shippingDiscountCents),
    lines: lines.map((line, index) => ({
      _id: line.productId,
      discount: toDollars(priced.lineDiscounts[index] ?? 0),
    })),
    itemsPrice: toDollars(priced.itemsCents),
    shippingPrice: toDollars(priced.shippingCents),
    taxPrice: toDollars(priced.taxCents),
    totalPrice: toDollars(priced.totalCents),
  };
}
