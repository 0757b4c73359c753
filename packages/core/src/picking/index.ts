import { requestFingerprint } from "../db/once.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError, fieldError } from "../errors.ts";
import { newId } from "../ids.ts";
import { log } from "../log.ts";
import { formatMoney, toDollars } from "../money/pricing.ts";
import { formatQuantity, fromBase } from "../money/quantity.ts";
import { orderOrNotFound, withUser } from "../orders/index.ts";
import { MAX_REFUNDS, type OrderRecord } from "../orders/order.records.ts";
import { productStore } from "../products/product.store.ts";
import { answerOf, sendRefund, settledRefund } from "../refunds/index.ts";
import type { RefundRecord } from "../refunds/refund.records.ts";
import type { Caller } from "../users/caller.ts";
import { finalStore } from "./final.store.ts";
import { type FinalAnswer, type FinalInput, WEIGHT_ADJUSTMENT } from "./picking.schema.ts";
import { assertFinalisable, type FinalPlan, planFinal, type StockMove } from "./plan.ts";

/**
 * The final charge of a picked order (POST /api/orders/{id}/final; docs/decisions/041-final-charge.md).
 *
 * 1. Plan, from the order and the substitutes' products as read (plan.ts): each line as picked,
 *    capped at what it was ordered for; tax on the final items; shipping as approved; the stock
 *    that moves; paid minus final as the weight adjustment.
 * 2. Record it in one transaction (final.store.ts), conditioned on the order's revision read: the
 *    final, the stock moves and the adjustment refund, pending. Of concurrent finals one records;
 *    the others read it again and answer it when they asked the same (a replay), 409 otherwise.
 * 3. Send the refund to PayPal through the refunds' exactly-once path (refunds/index.ts): its
 *    request id is the refund's, and the sweep finishes it if this request dies.
 */

const orderChanging = () => new AppError("ORDER_CHANGING", "The order is changing, please try again");

/** A DynamoDB transaction holds at most 100 actions; a final takes one for the order and one for its refund. */
const MAX_ACTIONS = 100;

/**
 * A final's fingerprint: its lines in the order's product order, hashed. The same final sent again
 * (a retry, a double click, ten at once) is answered as the first; another one is refused.
 */
const fingerprintOf = (input: FinalInput): string =>
  requestFingerprint(
    [...input.lines]
      .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
      .map((line) => [
        line._id,
        line.picked,
        line.substitute?._id ?? null,
        line.substitute?.quantity ?? null,
      ]),
  );

/** What the final endpoint answers, and whether this request recorded the final. */
export interface FinalOutcome extends FinalAnswer {
  created: boolean;
}

/**
 * The answer: the order as stored now, and its adjustment refund — as this request left it, or for a
 * replay, once the first request's refund is no longer pending (or after a wait: refunds/index.ts).
 */
async function answer(
  caller: Caller,
  orderId: string,
  made: { refund: RefundRecord | undefined } | "replay",
): Promise<FinalOutcome> {
  const order = await orderOrNotFound(orderId);
  const refund =
    made === "replay"
      ? order.finalRefundId && (await settledRefund(order.id, order.finalRefundId))
      : made.refund;
  return {
    order: await withUser(caller, order),
    refund: refund ? answerOf(refund) : null,
    created: made !== "replay",
  };
}

/** The already recorded final of an order: the same request's answer, or 409 for another one. */
function assertSameFinal(order: OrderRecord, request: string): void {
  if (order.finalRequest !== request) {
    throw new AppError(
      "ALREADY_FINALISED",
      `This order already has a final charge (recorded ${order.finalizedAt ?? ""}); it cannot be changed`,
    );
  }
}

/** The substitutes' products, read once (strongly consistent). */
async function substituteProducts(input: FinalInput) {
  const ids = input.lines.flatMap((line) => (line.substitute ? [line.substitute._id] : []));
  const found = ids.length > 0 ? await productStore.getMany(ids) : [];
  return new Map(found.map((product) => [product.id, product]));
}

/** 400 when the final would move more than one transaction holds. */
function assertFits(plan: FinalPlan, withRefund: boolean): void {
  const actions =
    1 + plan.returns.length + plan.overPicks.length + plan.substitutes.length + (withRefund ? 1 : 0);
  if (actions > MAX_ACTIONS) {
    throw fieldError(
      "lines",
      `a final moves the stock of at most ${MAX_ACTIONS - 2} products at once; this one moves ${actions - 1 - (withRefund ? 1 : 0)}`,
    );
  }
}

/** 409 when a product is short of what picking took; undefined when it changed otherwise (retry). */
async function shortage(move: StockMove): Promise<AppError | undefined> {
  const product = await productStore.get(move.productId);
  if (!product || product.unit !== move.unit || product.countInStock >= move.quantity) return undefined;
  return new AppError(
    "OUT_OF_STOCK",
    `Only ${formatQuantity(product.unit, fromBase(product.unit, product.countInStock))} of ${product.name} is in stock, and picking took ${formatQuantity(move.unit, fromBase(move.unit, move.quantity))} more; correct its stock first`,
    { productId: product.id },
  );
}

/**
 * Records the final charge of a paid, undelivered order (admin) and refunds paid minus final as one
 * "weight adjustment", exactly once; see the top of this file. 400 for bad lines, 409 when the order
 * cannot be finalised, already has another final, or a product is short of what picking took.
 *
 * @example
 * await finalizeOrder(admin, orderId, { lines: [{ _id: cherriesId, picked: 0.712 }] }, "key-1");
 */
export async function finalizeOrder(
  caller: Caller,
  orderId: string,
  input: FinalInput,
  key?: string,
): Promise<FinalOutcome> {
  const request = fingerprintOf(input);
  const outcome = await retrying<{ replay: true } | { refund: RefundRecord | undefined; order: OrderRecord }>(
    "hotItem",
    async () => {
      const order = await orderOrNotFound(orderId);
      if (order.finalizedAt !== undefined) {
        assertSameFinal(order, request);
        return { replay: true };
      }
      assertFinalisable(order);
      // Read on every attempt: a substitute repriced meanwhile is charged at its new price, capped.
      const plan = planFinal(order, input, await substituteProducts(input));
      if (plan.adjustmentCents > 0 && (order.refunds?.length ?? 0) >= MAX_REFUNDS)
        throw new AppError("REFUND_LIMIT_REACHED", `An order takes at most ${MAX_REFUNDS} refunds`);
      const finalizedAt = new Date().toISOString();
      const refund: RefundRecord | undefined =
        plan.adjustmentCents > 0
          ? {
              id: newId(),
              orderId: order.id,
              amountCents: plan.adjustmentCents,
              reason: WEIGHT_ADJUSTMENT,
              restock: false,
              lines: [],
              status: "pending",
              source: "admin",
              createdAt: finalizedAt,
            }
          : undefined;
      assertFits(plan, refund !== undefined);
      const recorded = await finalStore.record(order, plan, { finalizedAt, request }, refund);
      if (recorded.kind === "recorded") return { refund, order };
      if (recorded.kind === "short") {
        const refused = await shortage(recorded.move);
        if (refused) throw refused;
      }
      return AGAIN;
    },
    giveUp(orderChanging),
  );
  if ("replay" in outcome) return answer(caller, orderId, "replay");
  log("info", "final charge recorded", {
    orderId,
    by: caller._id,
    key,
    adjustment: formatMoney(toDollars(outcome.refund?.amountCents ?? 0)),
  });
  // The order as read names the capture: PayPal is asked without reading it again.
  const refund = outcome.refund && (await sendRefund(outcome.refund, outcome.order));
  return answer(caller, orderId, { refund });
}
