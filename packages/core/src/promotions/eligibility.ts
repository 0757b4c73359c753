import { AppError } from "../errors.ts";
import type { DiscountRule } from "../money/discount.ts";
import { formatMoney, toDollars } from "../money/pricing.ts";
import type { PromotionRecord } from "./promotion.records.ts";

/**
 * Whether a promotion may be used on a cart, now, by a customer (docs/decisions/049): pure, so the
 * preview and placement refuse alike, each with its code (errors.ts). In this order: switched off or
 * not started, expired, used up (in total, then by the customer), first order only, no eligible
 * line, under the minimum. Placement's transaction checks the usage counters again (promotion.store.ts
 * `takeUse`): this read only explains a refusal early.
 */

/** The customer as the checks need them: how often they used it, and whether they ordered before. */
export interface PromotionCustomer {
  uses: number;
  orderedBefore: boolean;
}

/** What the checks read of the cart: its items' cents and its eligible lines' cents. */
export interface PromotionCart {
  itemsCents: number;
  eligibleCents: number;
  eligibleLines: number;
}

/** Epoch ms of an optional ISO instant. */
const at = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));

/**
 * Throws the refusal of using `promotion` at `now` on `cart` by `customer` (undefined: not signed
 * in, whose customer checks placement makes); returns when it may be used.
 *
 * @example
 * assertUsable(promotion, new Date(), { itemsCents: 1500, eligibleCents: 1500, eligibleLines: 1 }, undefined)
 */
export function assertUsable(
  promotion: PromotionRecord,
  now: Date,
  cart: PromotionCart,
  customer: PromotionCustomer | undefined,
): void {
  assertOpen(promotion, now, customer);
  if (cart.eligibleLines === 0)
    throw new AppError(
      "PROMO_NOT_ELIGIBLE",
      `The code ${promotion.code} does not apply to anything in the cart`,
    );
  if (cart.itemsCents < promotion.minItemsCents) {
    const missing = promotion.minItemsCents - cart.itemsCents;
    throw new AppError(
      "PROMO_MIN_NOT_MET",
      `The code ${promotion.code} needs ${formatMoney(toDollars(promotion.minItemsCents))} of items: add ${formatMoney(toDollars(missing))} more`,
      { missing: toDollars(missing) },
    );
  }
}

/** The refusals that need no cart: switched off or not started, expired, used up, first order only. */
export function assertOpen(
  promotion: PromotionRecord,
  now: Date,
  customer: PromotionCustomer | undefined,
): void {
  const nowMs = now.getTime();
  const starts = at(promotion.startsAt);
  const ends = at(promotion.endsAt);
  if (!promotion.active || (starts !== undefined && nowMs < starts))
    throw new AppError("PROMO_NOT_STARTED", `The code ${promotion.code} is not valid yet`);
  // endsAt is the first instant it no longer holds.
  if (ends !== undefined && nowMs >= ends)
    throw new AppError("PROMO_EXPIRED", `The code ${promotion.code} has expired`);
  if (promotion.usageLimit !== undefined && promotion.uses >= promotion.usageLimit)
    throw new AppError("PROMO_USED_UP", `The code ${promotion.code} has been used up`);
  if (customer && promotion.perCustomerLimit !== undefined && customer.uses >= promotion.perCustomerLimit)
    throw new AppError("PROMO_USED_UP", `You have already used the code ${promotion.code}`);
  if (customer && promotion.firstOrderOnly && (customer.orderedBefore || customer.uses > 0))
    throw new AppError("PROMO_FIRST_ORDER_ONLY", `The code ${promotion.code} is for a first order only`);
}

/**
 * The per-customer limit placement keeps a counter for: the promotion's own, and 1 for a first-order
 * promotion (two first orders racing each other: the counter lets one through). Undefined: none kept.
 */
export function customerLimitOf(promotion: PromotionRecord): number | undefined {
  const limits = [promotion.perCustomerLimit, promotion.firstOrderOnly ? 1 : undefined].filter(
    (limit): limit is number => limit !== undefined,
  );
  return limits.length === 0 ? undefined : Math.min(...limits);
}

/** The discount rule of a promotion for the eligible products (undefined: every line). */
export function discountRuleOf(
  promotion: PromotionRecord,
  eligible: ReadonlySet<string> | undefined,
): DiscountRule {
  const scope = eligible === undefined ? {} : { eligible };
  switch (promotion.kind) {
    case "percent":
      return { kind: "percent", basisPoints: promotion.value, ...scope };
    case "amount":
      return { kind: "amount", amountCents: promotion.value, ...scope };
    case "freeShipping":
      return { kind: "freeShipping", ...scope };
  }
}

/**
 * The products of `lines` a promotion applies to: those it names, and those of the categories it
 * names (`categoryOf`: each product's category); undefined when it names neither (every line).
 */
export function eligibleProducts(
  promotion: Pick<PromotionRecord, "products" | "categories">,
  lines: readonly { productId: string }[],
  categoryOf: ReadonlyMap<string, string>,
): ReadonlySet<string> | undefined {
  if (promotion.products.length === 0 && promotion.categories.length === 0) return undefined;
  const products = new Set(promotion.products);
  const categories = new Set(promotion.categories);
  return new Set(
    lines
      .map((line) => line.productId)
      .filter((id) => products.has(id) || categories.has(categoryOf.get(id) ?? "")),
  );
}
