import * as v from "valibot";
import type { Item, Kind } from "../db/kind.ts";
import { OrderRecordSchema, orderKind } from "../orders/order.records.ts";
import { ProductRecordSchema, productKind } from "../products/product.records.ts";
import { UserRecordSchema, userKind } from "../users/user.records.ts";

/**
 * The counted kinds: the items whose changes move the dashboard's aggregates. Their writes move
 * their revision and leave tombstones (db/kind.ts, docs/decisions/020-exact-rebuild.md); the stream's
 * filters are made from this list, so the subscriber receives exactly their records.
 */
export const countedKinds = { order: orderKind, user: userKind, product: productKind } as const;

/** The entities whose stream records change the aggregates. */
export type CountedEntity = keyof typeof countedKinds;

/**
 * What the counters read of each counted item (the rest of a stream image or a scanned item is not
 * decoded): an order's total, refunds, day, cancellation and delivery seat, a product's category, a user's existence, and
 * each one's revision.
 */
const countedParts = {
  order: v.pick(OrderRecordSchema, [
    "id",
    "totalCents",
    "refundedCents",
    "createdAt",
    "cancelledAt",
    "deliverySlot",
    "seatFreedAt",
    "discountCents",
    "promotion",
    "rev",
  ]),
  user: v.pick(UserRecordSchema, ["id", "rev"]),
  product: v.pick(ProductRecordSchema, ["id", "category", "rev"]),
};

/** The counted part of each entity's item. */
export type CountedPart = { [E in CountedEntity]: v.InferOutput<(typeof countedParts)[E]> };

/** The counted part of an item of `entity`; throws naming the kind when the item is malformed. */
export const countedPartOf = <E extends CountedEntity>(entity: E, item: Item): CountedPart[E] =>
  (countedKinds[entity] as Kind<unknown, never[]>).decodePart(countedParts[entity], item) as CountedPart[E];

/**
 * Which counted entity an item's keys belong to; undefined for everything else (reviews, slugs,
 * holds, checkpoints, the aggregates themselves), whose records the stream handler ignores.
 */
export function countedEntityOf(keys: Item): CountedEntity | undefined {
  for (const [entity, kind] of Object.entries(countedKinds))
    if (kind.holds(keys)) return entity as CountedEntity;
  return undefined;
}

/**
 * Stream filters: the stream handler only needs the counted kinds' items. Used by `stacks/storage.ts`
 * (the event source mapping's filter criteria) and by the local stream poller, so both deliver the
 * same records.
 */
export const streamFilters = Object.values(countedKinds).map((kind) => {
  if (!kind.counted) throw new Error(`The ${kind.name} kind is not declared counted`);
  const { partitionPrefix, sortKey } = kind.counted;
  return { dynamodb: { Keys: { pk: { S: [{ prefix: partitionPrefix }] }, sk: { S: [sortKey] } } } };
});

/** True when a stream record's keys (DynamoDB JSON) pass one of the filters (the local poller's event filter). */
export function matchesStreamFilters(keys: Record<string, { S?: string } | undefined>): boolean {
  return countedEntityOf({ pk: keys.pk?.S, sk: keys.sk?.S }) !== undefined;
}
