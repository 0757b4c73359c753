/**
 * Keys of order items and the access patterns they serve (docs/data-model.md, patterns 15-18).
 *
 * - order by id:              pk ORDER#<id>, sk ORDER
 * - all orders, newest first: gsi1 ORDERS / <id>
 * - a user's orders, newest:  gsi2 USER#<userId> / ORDER#<id>
 * - retried submit:           pk IDEMPOTENCY#<userId>#<key>, sk IDEMPOTENCY → orderId (TTL)
 */
export const orderKeys = {
  item: (id: string) => ({ pk: `ORDER#${id}`, sk: "ORDER" }),
  listIndex: (id: string) => ({ gsi1pk: "ORDERS", gsi1sk: id }),
  userIndex: (userId: string, id: string) => ({ gsi2pk: `USER#${userId}`, gsi2sk: `ORDER#${id}` }),
  idempotency: (userId: string, key: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: "IDEMPOTENCY" }),
};

/** Query inputs (without the table name) of the two order lists, newest first. */
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
};

/** Condition of a put that must create its item (order, idempotency key). */
export const mustNotExist = "attribute_not_exists(pk)";
/** Condition of an update that must find its item. */
export const mustExist = "attribute_exists(pk)";
