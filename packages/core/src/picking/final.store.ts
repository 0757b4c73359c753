import type { Action } from "../db/kind.ts";
import { firstClaim } from "../db/once.ts";
import { tryTransact } from "../db/transact.ts";
import * as orderChanges from "../orders/order.changes.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { productStore } from "../products/product.store.ts";
import { type RefundRecord, refundKind } from "../refunds/refund.records.ts";
import type { FinalPlan, StockMove } from "./plan.ts";

/**
 * Storage of an order's final charge (docs/data-model.md: the Order item's final attributes;
 * docs/decisions/041-final-charge.md). One transaction records it:
 * - the order (orders/order.changes.ts `recordFinal`: the final is the claim of db/once.ts): its
 *   lines as picked, the final figures, when, the request's fingerprint, and the weight adjustment
 *   added to its reserved refunds — only while it is paid, undelivered, not cancelled, not finalised
 *   and unchanged since it was read (its revision);
 * - the stock: unpicked base units back (products still selling in the unit), over-picked ones and
 *   substitutes taken, never below 0;
 * - the weight-adjustment refund, pending (refunds/ sends and completes it like any refund).
 * So the stock moves and the money is reserved exactly once, with the final.
 */

/** What recording a final did: recorded; a product short of what picking took; or the order or a product changed. */
export type RecordOutcome = { kind: "recorded" } | { kind: "short"; move: StockMove } | { kind: "changed" };

async function record(
  order: OrderRecord,
  plan: FinalPlan,
  fields: { finalizedAt: string; request: string; key?: string },
  refund: RefundRecord | undefined,
): Promise<RecordOutcome> {
  const orderUpdate = orderChanges.recordFinal(
    order,
    {
      items: plan.items,
      itemsCents: plan.itemsCents,
      discountCents: plan.discountCents,
      taxCents: plan.taxCents,
      totalCents: plan.totalCents,
      ...fields,
    },
    refund,
  );
  const takes = [
    ...plan.overPicks.map((move) => ({ move, action: productStore.takePicked(move) })),
    ...plan.substitutes.map((move) => ({ move, action: productStore.takePicked(move) })),
  ];
  const actions: Action[] = [
    orderUpdate,
    ...(await productStore.returnStock(plan.returns)),
    ...takes.map(({ action }) => action),
    ...(refund ? [refundKind.put(refund, firstClaim())] : []),
  ];
  const cancelled = await tryTransact(actions);
  if (!cancelled) return { kind: "recorded" };
  // The order first: a take refused under an order that changed may be the same race seen twice.
  if (cancelled.failed(orderUpdate)) return { kind: "changed" };
  const short = takes.find(({ action }) => cancelled.failed(action));
  return short ? { kind: "short", move: short.move } : { kind: "changed" };
}

/** The final store (see the top of this file). */
export const finalStore = { record };
