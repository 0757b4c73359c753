import * as v from "valibot";
import { nowDate, nowIso } from "../clock.ts";
import { decodeCursor, encodeCursor } from "../db/cursor.ts";
import { AppError } from "../errors.ts";
import { newId } from "../ids.ts";
import type { DiscountRule } from "../money/discount.ts";
import { appliesTo } from "../money/discount.ts";
import { type CentsLine, lineCents, priceByClassCents, toCents, toDollars } from "../money/pricing.ts";
import { catalogueLines, mergeLines } from "../orders/lines.ts";
import { orderStore } from "../orders/order.store.ts";
import { placementPricing, ruleFor } from "../orders/zone-pricing.ts";
import { LIST_LIMIT_DEFAULT, type ListAnswer } from "../paging.schema.ts";
import { productStore } from "../products/product.store.ts";
import { currentTaxClasses } from "../tax/index.ts";
import {
  assertOpen,
  assertUsable,
  customerLimitOf,
  discountRuleOf,
  eligibleProducts,
  type PromotionCustomer,
} from "./eligibility.ts";
import type { PromotionRecord } from "./promotion.records.ts";
import type {
  Promotion,
  PromotionInput,
  PromotionListQuery,
  PromotionPreview,
  PromotionPreviewInput,
} from "./promotion.schema.ts";
import { promotionStore } from "./promotion.store.ts";

/**
 * Promotions (docs/decisions/048-promotions-split-to-the-cent.md): the administrator's codes, the
 * preview a cart asks for, and the promotion an order is placed with (orders/place.ts). The split and
 * its rounding are money/discount.ts's; the checks eligibility.ts's; the counters promotion.store.ts's.
 */

export { promotionStore } from "./promotion.store.ts";

const toPromotion = (record: PromotionRecord): Promotion => ({
  _id: record.id,
  code: record.code,
  kind: record.kind,
  value: record.kind === "percent" ? record.value / 100 : toDollars(record.value),
  minItemsPrice: toDollars(record.minItemsCents),
  startsAt: record.startsAt ?? null,
  endsAt: record.endsAt ?? null,
  usageLimit: record.usageLimit ?? null,
  perCustomerLimit: record.perCustomerLimit ?? null,
  firstOrderOnly: record.firstOrderOnly,
  products: record.products,
  categories: record.categories,
  active: record.active,
  uses: record.uses,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/** An ISO instant in the one form stored (UTC, milliseconds), so every comparison is of instants. */
const instant = (iso: string | null) => (iso === null ? undefined : new Date(iso).toISOString());

function toRecord(
  input: PromotionInput,
  kept: Pick<PromotionRecord, "id" | "uses" | "createdAt">,
  now: string,
): PromotionRecord {
  const startsAt = instant(input.startsAt);
  const endsAt = instant(input.endsAt);
  return {
    ...kept,
    code: input.code,
    kind: input.kind,
    // Integers: basis points of a percent, cents of an amount.
    value:
      input.kind === "percent"
        ? Math.round(input.value * 100)
        : input.kind === "amount"
          ? toCents(input.value)
          : 0,
    minItemsCents: toCents(input.minItemsPrice),
    ...(startsAt ? { startsAt } : {}),
    ...(endsAt ? { endsAt } : {}),
    ...(input.usageLimit === null ? {} : { usageLimit: input.usageLimit }),
    ...(input.perCustomerLimit === null ? {} : { perCustomerLimit: input.perCustomerLimit }),
    firstOrderOnly: input.firstOrderOnly,
    products: [...new Set(input.products)],
    categories: [...new Set(input.categories)],
    active: input.active,
    updatedAt: now,
  };
}

const codeTaken = (code: string) =>
  new AppError("PROMO_CODE_TAKEN", `Another promotion uses the code ${code}`);
const notFound = () => new AppError("NOT_FOUND", "Promotion not found");

/** POST /api/promotions (admin): 201 with the promotion; 409 PROMO_CODE_TAKEN. */
export async function createPromotion(input: PromotionInput): Promise<Promotion> {
  const now = nowIso();
  const record = toRecord(input, { id: newId(), uses: 0, createdAt: now }, now);
  if ((await promotionStore.create(record)) === "taken") throw codeTaken(input.code);
  return toPromotion(record);
}

const PositionSchema = v.record(v.string(), v.string());

/** GET /api/promotions (admin): newest first, paged like every list. */
export async function listPromotions(query: PromotionListQuery = {}): Promise<ListAnswer<Promotion>> {
  const scope = { list: "promotions" };
  const start = query.cursor ? decodeCursor(query.cursor, scope, PositionSchema) : undefined;
  const page = await promotionStore.page(query.limit ?? LIST_LIMIT_DEFAULT, start);
  return {
    items: page.items.map(toPromotion),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
  };
}

/** GET /api/promotions/{id} (admin). */
export async function promotionFromId(id: string): Promise<Promotion> {
  const record = await promotionStore.get(id);
  if (!record) throw notFound();
  return toPromotion(record);
}

/** PUT /api/promotions/{id} (admin): replaces what the administrator sets; its uses stay. */
export async function updatePromotion(id: string, input: PromotionInput): Promise<Promotion> {
  const before = await promotionStore.get(id);
  if (!before) throw notFound();
  const after = toRecord(input, { id: before.id, uses: before.uses, createdAt: before.createdAt }, nowIso());
  const outcome = await promotionStore.update(before, after);
  if (outcome === "taken") throw codeTaken(input.code);
  if (outcome === "changed")
    throw new AppError("CHANGED_MEANWHILE", "The promotion changed meanwhile, please try again");
  return toPromotion({ ...after, uses: (await promotionStore.get(id))?.uses ?? before.uses });
}

/** DELETE /api/promotions/{id} (admin): its code is free again; orders keep their snapshot of it. */
export async function deletePromotion(id: string): Promise<{ message: string }> {
  const record = await promotionStore.get(id);
  if (!record) throw notFound();
  if ((await promotionStore.remove(record)) === "changed")
    throw new AppError("CHANGED_MEANWHILE", "The promotion changed meanwhile, please try again");
  return { message: "Promotion removed" };
}

/** A promotion as an order applies it: its record, its rule on the cart's lines, and the customer's standing. */
export interface OrderPromotion {
  record: PromotionRecord;
  rule: DiscountRule;
  /** The per-customer counter placement moves (eligibility.ts `customerLimitOf`); undefined: none. */
  customerLimit: number | undefined;
  customer: PromotionCustomer | undefined;
}

/** 409 PROMO_UNKNOWN. */
const unknownCode = (code: string) =>
  new AppError("PROMO_UNKNOWN", `There is no promotion with the code ${code}`);

/** Whether a customer has an order that was not cancelled (pattern 16, newest first; a customer's index). */
async function orderedBefore(userId: string): Promise<boolean> {
  const page = await orderStore.listOfUser(userId, { limit: 20 });
  return page.items.some((order) => order.cancelledAt === undefined);
}

/**
 * Reads the promotion of `code` for a cart of `productIds` and a customer (undefined: not signed in):
 * the promotion (409 PROMO_UNKNOWN), the categories of the cart's products when it names
 * categories, and the customer's uses and earlier orders when it limits them.
 */
export async function promotionForCart(
  code: string,
  productIds: readonly string[],
  userId: string | undefined,
): Promise<OrderPromotion> {
  const record = await promotionStore.byCode(code);
  if (!record) throw unknownCode(code);
  const categoryOf = new Map<string, string>();
  if (record.categories.length > 0) {
    for (const product of await productStore.getMany([...productIds]))
      categoryOf.set(product.id, product.category);
  }
  const eligible = eligibleProducts(
    record,
    productIds.map((productId) => ({ productId })),
    categoryOf,
  );
  const customerLimit = customerLimitOf(record);
  const customer =
    userId === undefined
      ? undefined
      : {
          uses: customerLimit === undefined ? 0 : await promotionStore.customerUses(record.id, userId),
          orderedBefore: record.firstOrderOnly ? await orderedBefore(userId) : false,
        };
  // Dates and limits refuse before the cart is priced: a used-up code is said so, whatever the cart.
  assertOpen(record, nowDate(), customer);
  return { record, rule: discountRuleOf(record, eligible), customerLimit, customer };
}

/** Throws the refusal of `promotion` on `lines` now (eligibility.ts), or returns. */
export function assertPromotionApplies(promotion: OrderPromotion, lines: readonly CentsLine[]): void {
  const cents = lines.map((line) => lineCents(line));
  const eligible = lines.flatMap((line, index) =>
    appliesTo(promotion.rule, line.productId) ? [cents[index] ?? 0] : [],
  );
  assertUsable(
    promotion.record,
    nowDate(),
    {
      itemsCents: cents.reduce((sum, line) => sum + line, 0),
      eligibleCents: eligible.reduce((sum, line) => sum + line, 0),
      eligibleLines: eligible.length,
    },
    promotion.customer,
  );
}

/**
 * POST /api/promotions/preview (anyone; a signed-in caller's own limits apply): the code's discount
 * on the cart priced from the catalogue, with the zone of `shippingAddress` when given and the tax
 * rates by class — the figures placement will store. 409 with a PROMO_* code when it does not apply.
 */
export async function previewPromotion(
  input: PromotionPreviewInput,
  userId?: string,
): Promise<PromotionPreview> {
  const lines = await catalogueLines(input, mergeLines(input.orderItems));
  const promotion = await promotionForCart(
    input.code,
    lines.map((line) => line.productId),
    userId,
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

/**
 * The promotion of an order whose counter refused it (placement's transaction), read again: 409
 * PROMO_UNKNOWN when deleted meanwhile; otherwise the fresh record and customer, which
 * `assertPromotionApplies` then refuses (used up, switched off) or lets placement try again.
 */
export async function promotionAgain(promotion: OrderPromotion, userId: string): Promise<OrderPromotion> {
  const record = await promotionStore.get(promotion.record.id);
  if (!record) throw unknownCode(promotion.record.code);
  const uses =
    promotion.customerLimit === undefined ? 0 : await promotionStore.customerUses(record.id, userId);
  return {
    ...promotion,
    record,
    customerLimit: customerLimitOf(record),
    customer: { uses, orderedBefore: promotion.customer?.orderedBefore ?? false },
  };
}
