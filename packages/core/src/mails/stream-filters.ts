import { orderKind } from "../orders/order.records.ts";

/**
 * The mail subscriber's stream filters: order items only (`pk` prefix `ORDER#`, `sk = ORDER`), and
 * only their INSERT and MODIFY records (a removed order is mailed nothing). Used by the cloud
 * mapping (stacks/email.ts) and the local poller (packages/local/src/local-shop.ts), so both deliver
 * the same records. The mail items themselves (`sk = MAIL#…`) never pass: a mail's own record
 * cannot trigger a mail.
 */
const counted = orderKind.counted;
if (!counted) throw new Error("The order kind is not declared counted");

export const mailStreamFilters = [
  {
    eventName: ["INSERT", "MODIFY"],
    dynamodb: { Keys: { pk: { S: [{ prefix: counted.partitionPrefix }] }, sk: { S: [counted.sortKey] } } },
  },
];

/** True when a stream record passes `mailStreamFilters` (the local poller's event filter). */
export function matchesMailStreamFilters(
  eventName: string | undefined,
  keys: Record<string, { S?: string } | undefined>,
): boolean {
  return (
    (eventName === "INSERT" || eventName === "MODIFY") && orderKind.holds({ pk: keys.pk?.S, sk: keys.sk?.S })
  );
}
