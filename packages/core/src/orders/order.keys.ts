/**
 * Keys of order items and the access patterns they serve (docs/data-model.md, patterns 15-18, 21).
 *
 * - order by id:              pk ORDER#<id>, sk ORDER
 * - all orders, newest first: gsi1 ORDERS / <id>
 * - a user's orders, newest:  gsi2 USER#<userId> / ORDER#<id>
 * - retried submit:           pk IDEMPOTENCY#<userId>#<key>, sk IDEMPOTENCY → orderId (TTL)
 * - unpaid orders by deadline: hold item pk ORDER#<id>, sk HOLD, gsi2 UNPAID_ORDERS / <holdUntil>#<id>
 *   (sparse: the hold exists only while the order is unpaid and not cancelled)
 */

/** The gsi2 partition of the holds of unpaid orders. */
const UNPAID_PARTITION = "UNPAID_ORDERS";

export const orderKeys = {
  item: (id: string) => ({ pk: `ORDER#${id}`, sk: "ORDER" }),
  listIndex: (id: string) => ({ gsi1pk: "ORDERS", gsi1sk: id }),
  userIndex: (userId: string, id: string) => ({ gsi2pk: `USER#${userId}`, gsi2sk: `ORDER#${id}` }),
  idempotency: (userId: string, key: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: "IDEMPOTENCY" }),
  /** The hold of an unpaid order: beside the order, so the sweep's index lists only unpaid orders. */
  hold: (id: string) => ({ pk: `ORDER#${id}`, sk: "HOLD" }),
  /** ISO times sort as text, so the index is ordered by deadline. */
  holdIndex: (holdUntil: string, id: string) => ({ gsi2pk: UNPAID_PARTITION, gsi2sk: `${holdUntil}#${id}` }),
};

/** Query inputs (without the table name): the two order lists, newest first, and the due holds. */
export const orderQueries = {
  all: () => ({
    IndexName: "gsi1",
    KeyConditionExpression: "gsi1pk = :pk",
    ExpressionAttributeValues: { ":pk": "ORDERS" },
    ScanIndexForward: false,
  }),
  ofUser: (userId: string) => ({
    IndexName: "gsi2",
    KeyConditionExpression: "gsi2pk = :pk AND begins_with(gsi2sk, :prefix)",
    ExpressionAttributeValues: { ":pk": `USER#${userId}`, ":prefix": "ORDER#" },
    ScanIndexForward: false,
  }),
  /** Holds whose deadline is before `before` (ISO), oldest deadline first, `pageSize` per page. */
  holdsDueBefore: (before: string, pageSize: number) => ({
    IndexName: "gsi2",
    KeyConditionExpression: "gsi2pk = :pk AND gsi2sk < :before",
    ExpressionAttributeValues: { ":pk": UNPAID_PARTITION, ":before": before },
    Limit: pageSize,
  }),
};

/** Condition of a put that must create its item (order, idempotency key). */
export const mustNotExist = "attribute_not_exists(pk)";
/** Condition of an update that must find its item. */
export const mustExist = "attribute_exists(pk)";
/** Condition on an order item that was not cancelled (older orders have no cancellation attributes). */
export const notCancelled = "attribute_not_exists(cancelledAt)";

/**
 * True for a stored order that was cancelled: it has `cancelledAt` (the same test as `notCancelled`).
 * The stats counters use it too, so a cancelled order counts nowhere.
 */
export const isCancelledItem = (item: Record<string, unknown>): boolean => item.cancelledAt !== undefined;
