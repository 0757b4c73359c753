import * as v from "valibot";
import { nowDate, nowIso } from "../clock.ts";
import { decodeCursor, encodeCursor } from "../db/cursor.ts";
import { AppError } from "../errors.ts";
import { newId } from "../ids.ts";
import type { DiscountRule } from "../money/discount.ts";
import { appliesTo } from "../money/discount.ts";
import { type CentsLine, lineCents, toCents, toDollars } from "../money/pricing.ts";
import { LIST_LIMIT_DEFAULT, type ListAnswer } from "../paging.schema.ts";
import { productStore } from "../products/product.store.ts";
import {
  assertOpen,
  assertUsable,
  customerLimitOf,
  discountRuleOf,
  eligibleProducts,
  type PromotionCustomer,
} from "./eligibility.ts";
import type { PromotionRecord } from "./promotion.records.ts";
import type { Promotion, PromotionInput, PromotionListQuery } from "./promotion.schema.ts";
import { promotionStore } from "./promotion.store.ts";

/**
 * Promotions (docs/decisions/049-promotions-split-to-the-cent.md): the administrator's codes and the
 * promotion a cart is priced with (orders/place.ts and orders/promotion-preview.ts, a floor above,
 * use it). The split and its rounding are money/discount.ts's; the checks eligibility.ts's; the
 * counters promotion.store.ts's.
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

/**
 * The customer a promotion is checked for: their id, and how to tell whether they ordered before
 * (the orders room answers it: promotions sit below orders and read none of them).
 */
export interface PromotionCaller {
  userId: string;
  orderedBefore: () => Promise<boolean>;
}

/**
 * Reads the promotion of `code` for a cart of `productIds` and a customer (undefined: not signed in):
 * the promotion (409 PROMO_UNKNOWN), the categories of the cart's products when it names
 * categories, and the customer's uses and earlier orders when it limits them.
 */
export async function promotionForCart(
  code: string,
  productIds: readonly string[],
  caller: PromotionCaller | undefined,
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
    caller === undefined
      ? undefined
      : {
          uses: customerLimit === undefined ? 0 : await promotionStore.customerUses(record.id, caller.userId),
          orderedBefore: record.firstOrderOnly ? await caller.orderedBefore() : false,
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
