import { inPartition } from "../db/key-conditions.ts";

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

/** The gsi1 partition of every order. */
const ALL_PARTITION = "ORDERS";
/** The gsi2 partition of the holds of unpaid orders. */
const UNPAID_PARTITION = "UNPAID_ORDERS";
/** The gsi2 sort key prefix of a user's orders (their partition `USER#<id>` may hold other things). */
const USER_ORDER_PREFIX = "ORDER#";

export const orderKeys = {
  item: (id: string) => ({ pk: `ORDER#${id}`, sk: "ORDER" }),
  listIndex: (id: string) => ({ gsi1pk: ALL_PARTITION, gsi1sk: id }),
  userIndex: (userId: string, id: string) => ({
    gsi2pk: `USER#${userId}`,
    gsi2sk: `${USER_ORDER_PREFIX}${id}`,
  }),
  idempotency: (userId: string, key: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: "IDEMPOTENCY" }),
  /** The hold of an unpaid order: beside the order, so the sweep's index lists only unpaid orders. */
  hold: (id: string) => ({ pk: `ORDER#${id}`, sk: "HOLD" }),
  /** ISO times sort as text, so the index is ordered by deadline. */
  holdIndex: (holdUntil: string, id: string) => ({ gsi2pk: UNPAID_PARTITION, gsi2sk: `${holdUntil}#${id}` }),
};

/** Query inputs (without the table name): the two order lists, newest first, and the due holds. */
export const orderQueries = {
  all: () => inPartition({ pk: ALL_PARTITION, index: "gsi1", descending: true }),
  ofUser: (userId: string) =>
    inPartition({ pk: `USER#${userId}`, index: "gsi2", skBeginsWith: USER_ORDER_PREFIX, descending: true }),
  /** Holds whose deadline is before `before` (ISO), oldest deadline first, `pageSize` per page. */
  holdsDueBefore: (before: string, pageSize: number) => ({
    ...inPartition({ pk: UNPAID_PARTITION, index: "gsi2", skBefore: before }),
    Limit: pageSize,
  }),
};

/**
 * True for a stored order that was cancelled: it has `cancelledAt` (the same test as the store's
 * `notCancelled` condition). The stats counters use it too, so a cancelled order counts nowhere.
 */
export const isCancelledItem = (item: Record<string, unknown>): boolean => item.cancelledAt !== undefined;
