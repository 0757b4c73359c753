import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind } from "../db/kind.ts";
import type { UniqueKind } from "../db/unique.ts";
import { PROMOTION_KINDS } from "../money/discount.ts";

/**
 * The stored kinds of promotions (docs/data-model.md: Promotion, Promotion code and Promotion use
 * items, patterns 62-65; docs/decisions/049-promotions-split-to-the-cent.md).
 *
 * - promotion:       pk PROMO#<id>, sk PROMO; gsi1 PROMOTIONS / <id>  (ULID: newest first descending)
 * - code (unique):   pk PROMO_CODE#<CODE>, sk CODE → promotionId  (the code upper-cased)
 * - customer's uses: pk PROMO#<id>, sk USE#<userId> → uses
 *
 * The promotion's `uses` is its usage counter: placement adds 1 in its own transaction, only while
 * `uses < usageLimit` (pattern 64), and an unpaid order that expires or is cancelled takes it back in
 * the cancelling transaction.
 */

const PROMO_PREFIX = "PROMO#";
const PROMO_SK = "PROMO";
const LIST_PARTITION = "PROMOTIONS";

const text = v.string();
const whole = v.pipe(v.number(), v.integer(), v.minValue(0));

export const PromotionRecordSchema = v.object({
  id: text,
  /** As the administrator typed it; matched upper-cased (promotion.schema.ts `normalCode`). */
  code: text,
  kind: v.picklist(PROMOTION_KINDS),
  /** A percent in basis points (2000 = 20 %); an amount in cents; 0 for free shipping. */
  value: whole,
  minItemsCents: whole,
  startsAt: v.optional(text),
  endsAt: v.optional(text),
  usageLimit: v.optional(whole),
  perCustomerLimit: v.optional(whole),
  firstOrderOnly: v.boolean(),
  products: v.array(text),
  categories: v.array(text),
  active: v.boolean(),
  uses: whole,
  createdAt: text,
  updatedAt: text,
});
export type PromotionRecord = v.InferOutput<typeof PromotionRecordSchema>;

export const promotionKind = defineKind({
  name: "promotion",
  schema: PromotionRecordSchema,
  key: (id: string) => ({ pk: `${PROMO_PREFIX}${id}`, sk: PROMO_SK }),
  keys: (promotion) => ({
    pk: `${PROMO_PREFIX}${promotion.id}`,
    sk: PROMO_SK,
    gsi1pk: LIST_PARTITION,
    gsi1sk: promotion.id,
  }),
});

/** The code's uniqueness item (db/unique.ts), which also finds the promotion by code (pattern 63). */
export const promoCodeKind: UniqueKind<"promotionId"> = defineKind({
  name: "promotion code",
  schema: v.object({ promotionId: text }),
  key: (code: string) => ({ pk: `PROMO_CODE#${code}`, sk: "CODE" }),
});

/** How often one customer used a promotion (pattern 65): only kept for promotions with a per-customer limit. */
export const promotionUseKind = defineKind({
  name: "promotion use",
  schema: v.object({ uses: whole }),
  key: (promotionId: string, userId: string) => ({
    pk: `${PROMO_PREFIX}${promotionId}`,
    sk: `USE#${userId}`,
  }),
});

export const promotionPatterns = {
  /** Pattern 61: every promotion, newest first. */
  all: () => inPartition({ pk: LIST_PARTITION, index: "gsi1", descending: true }),
};
