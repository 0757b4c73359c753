import { exists, notExists } from "../db/conditions.ts";
import { getItem } from "../db/items.ts";
import type { Action, UpdateAction } from "../db/kind.ts";
import { type ListPage, type Position, queryLimited } from "../db/query.ts";
import {
  deleteWithUnique,
  putWithUnique,
  type SwapOutcome,
  type Uniqueness,
  updateSwappingUnique,
} from "../db/unique.ts";
import {
  type PromotionRecord,
  promoCodeKind,
  promotionKind,
  promotionPatterns,
  promotionUseKind,
} from "./promotion.records.ts";
import { normalCode } from "./promotion.schema.ts";

/**
 * Storage of promotions (docs/data-model.md patterns 62-65); promotions/index.ts holds the rules.
 * The code is unique through its uniqueness item (db/unique.ts), written in the same transaction as
 * the promotion; the usage counters move in the transaction of the order that uses or gives back.
 */

const codeOf = (promotion: Pick<PromotionRecord, "id" | "code">): Uniqueness<"promotionId"> => ({
  kind: promoCodeKind,
  owner: "promotionId",
  value: normalCode(promotion.code),
  ownerId: promotion.id,
});

/** Pattern 61: a new promotion with its code's item: `taken` when another promotion has the code. */
const create = (promotion: PromotionRecord): Promise<"created" | "taken"> =>
  putWithUnique(promotionKind.put(promotion, { ConditionExpression: notExists() }), codeOf(promotion));

/** Pattern 61: one promotion, strongly consistent. */
const get = async (id: string): Promise<PromotionRecord | undefined> =>
  promotionKind.decodeFound(await getItem(promotionKind.key(id)));

/** Pattern 62: the promotion of a code (any case), through its code's item. */
async function byCode(code: string): Promise<PromotionRecord | undefined> {
  const owner = promoCodeKind.decodeFound(await getItem(promoCodeKind.key(normalCode(code))));
  return owner ? get(owner.promotionId) : undefined;
}

/** Pattern 61: a page of the promotions, newest first. */
async function page(limit: number, start?: Position): Promise<ListPage<PromotionRecord>> {
  const found = await queryLimited(promotionPatterns.all(), { limit, ...(start ? { start } : {}) });
  return { items: found.items.map((item) => promotionKind.decode(item)), next: found.next };
}

/** The fields an edit sets; absent optional ones are removed. `uses` and `createdAt` are never touched. */
const EDITED = [
  "code",
  "kind",
  "value",
  "minItemsCents",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perCustomerLimit",
  "firstOrderOnly",
  "products",
  "categories",
  "active",
  "updatedAt",
] as const;

/**
 * Pattern 61: replaces what the administrator sets (the usage counter stays as placements moved it),
 * swapping the code's item when the code changes: `taken` when another promotion has the new code.
 */
function update(before: PromotionRecord, after: PromotionRecord): Promise<SwapOutcome> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  for (const field of EDITED) {
    names[`#${field}`] = field;
    const value = after[field];
    if (value === undefined) removes.push(`#${field}`);
    else {
      sets.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  const action = promotionKind.update(promotionKind.key(before.id), {
    UpdateExpression: `SET ${sets.join(", ")}${removes.length > 0 ? ` REMOVE ${removes.join(", ")}` : ""}`,
    ConditionExpression: `${exists()} AND #code = :before`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ...values, ":before": before.code },
  });
  return updateSwappingUnique(action, { from: codeOf(before), to: codeOf(after) });
}

/** Pattern 61: deletes a promotion and frees its code (orders keep their `promotion` snapshot). */
const remove = (promotion: PromotionRecord): Promise<"deleted" | "changed"> =>
  deleteWithUnique(
    promotionKind.delete(promotionKind.key(promotion.id), { ConditionExpression: exists() }),
    codeOf(promotion),
  );

/** Pattern 64: how often a customer used a promotion (0 when never). */
const customerUses = async (promotionId: string, userId: string): Promise<number> =>
  promotionUseKind.decodeFound(await getItem(promotionUseKind.key(promotionId, userId)))?.uses ?? 0;

/**
 * Pattern 63: the use an order takes, in its placement's transaction. The promotion's counter goes
 * up by one only while the promotion exists, is active and is under its own `usageLimit` (compared
 * with the stored limit itself, so an edit meanwhile counts); with a per-customer `limit`, the
 * customer's counter goes up only while under it. DynamoDB serialises the transactions on the item,
 * so of N concurrent checkouts at most `usageLimit − uses` pass.
 */
function takeUse(promotionId: string, userId: string, perCustomer: number | undefined): UpdateAction[] {
  const total = promotionKind.update(promotionKind.key(promotionId), {
    UpdateExpression: "SET #uses = #uses + :one",
    ConditionExpression: `${exists()} AND #active = :true AND (attribute_not_exists(#limit) OR #uses < #limit)`,
    ExpressionAttributeNames: { "#uses": "uses", "#active": "active", "#limit": "usageLimit" },
    ExpressionAttributeValues: { ":one": 1, ":true": true },
  });
  if (perCustomer === undefined) return [total];
  const customer = promotionUseKind.update(promotionUseKind.key(promotionId, userId), {
    UpdateExpression: "SET #uses = if_not_exists(#uses, :zero) + :one",
    ConditionExpression: "attribute_not_exists(#uses) OR #uses < :limit",
    ExpressionAttributeNames: { "#uses": "uses" },
    ExpressionAttributeValues: { ":zero": 0, ":one": 1, ":limit": perCustomer },
  });
  return [total, customer];
}

/**
 * The use an unpaid order gives back when it is cancelled (expired, denied or deleted unpaid): its
 * promotion's counter and, when it took one, the customer's, each down by one. The order's own
 * cancellation in the same transaction happens once, so the use comes back once. Nothing when the
 * promotion was deleted since (read here: its counter is gone with it).
 */
async function giveBackUse(
  use: { id: string; perCustomer?: boolean | undefined },
  userId: string,
): Promise<Action[]> {
  if (!(await get(use.id))) return [];
  const total = promotionKind.update(promotionKind.key(use.id), {
    UpdateExpression: "SET #uses = #uses - :one",
    ConditionExpression: `${exists()} AND #uses >= :one`,
    ExpressionAttributeNames: { "#uses": "uses" },
    ExpressionAttributeValues: { ":one": 1 },
  });
  if (!use.perCustomer) return [total];
  const customer = promotionUseKind.update(promotionUseKind.key(use.id, userId), {
    UpdateExpression: "SET #uses = #uses - :one",
    ConditionExpression: "#uses >= :one",
    ExpressionAttributeNames: { "#uses": "uses" },
    ExpressionAttributeValues: { ":one": 1 },
  });
  return [total, customer];
}

export const promotionStore = {
  create,
  get,
  byCode,
  page,
  update,
  remove,
  customerUses,
  takeUse,
  giveBackUse,
};
