import { requestFingerprint } from "../db/once.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError, fieldError, isAppError } from "../errors.ts";
import { newId } from "../ids.ts";
import { errorFields, log } from "../log.ts";
import { formatMoney, toCents, toDollars } from "../money/pricing.ts";
import { fromBase, PRECISION_TEXT, toBase } from "../money/quantity.ts";
import { orderOrNotFound, withUser } from "../orders/index.ts";
import { heldSeat, isCancelled, MAX_REFUNDS, type OrderRecord } from "../orders/order.records.ts";
import { orderStore } from "../orders/order.store.ts";
import { chargedLines } from "../orders/picked.ts";
import { RefundRefused } from "../paypal/contract.ts";
import { provider } from "../paypal/provider.ts";
import { usd } from "../paypal/verify.ts";
import type { Caller } from "../users/caller.ts";
import { planRefund, type RefundRequest } from "./plan.ts";
import type { RefundRecord } from "./refund.records.ts";
import type { RefundAnswer, RefundInput, RefundOrderAnswer } from "./refund.schema.ts";
import { refundStore } from "./refund.store.ts";

/**
 * Refunds by an administrator (POST /api/orders/{id}/refunds; docs/decisions/030-refunds.md).
 *
 * 1. Reserve: one transaction puts the refund (pending) and moves the order's reserved cents and
 *    refunded quantities, conditioned on the order's revision read, so concurrent refunds are
 *    serialized and never exceed the capture or a line's quantity; it also claims the
 *    Idempotency-Key, so one key makes one refund.
 * 2. Send: PayPal's refund call, with `PayPal-Request-Id` = the refund's id, so however often it is
 *    sent (a retry, the sweep, a webhook) PayPal refunds once.
 * 3. Complete (or release when PayPal refused): one transaction, conditioned on the refund still
 *    pending, with the restock. A crash between 2 and 3 leaves the refund pending: the sweep sends
 *    it again after REFUND_GRACE_MS (PayPal answers the same refund) and completes it.
 */

/** A refund left pending this long is sent again by the sweep (longer than any refund request runs). */
export const REFUND_GRACE_MS = 2 * 60_000;
/** How long a request with a claimed Idempotency-Key waits for the first request's refund to settle. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 100;

const orderChanging = () => new AppError("ORDER_CHANGING", "The order is changing, please try again");
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A stored refund as the API answers it (dollars; quantities in each product's unit). */
export function answerOf(refund: RefundRecord): RefundAnswer {
  return {
    _id: refund.id,
    amount: toDollars(refund.amountCents),
    reason: refund.reason,
    restock: refund.restock,
    lines: refund.lines.map((line) => ({
      _id: line.productId,
      quantity: fromBase(line.unit, line.quantity),
    })),
    status: refund.status,
    createdAt: refund.createdAt,
  };
}

/** 409 unless the order's payment was captured and may be refunded. */
function assertRefundable(order: OrderRecord): void {
  if (isCancelled(order))
    throw new AppError("ORDER_CANCELLED", "This order was cancelled; there is nothing to refund");
  if (!order.isPaid || order.captureId === undefined) {
    throw new AppError(
      order.captureStatus === "PENDING" ? "PAYMENT_PENDING" : "NOT_PAID",
      order.captureStatus === "PENDING"
        ? "PayPal still holds this payment; it can be refunded once it is completed"
        : "Only a paid order can be refunded",
    );
  }
  if ((order.refunds?.length ?? 0) >= MAX_REFUNDS) {
    throw new AppError("REFUND_LIMIT_REACHED", `An order takes at most ${MAX_REFUNDS} refunds`);
  }
}

/** The request in base units and cents; 400 for a line not in the order or a quantity finer than its unit. */
function requestOf(order: OrderRecord, input: RefundInput): RefundRequest {
  if (input.cancel === true) {
    if (order.isDelivered)
      throw new AppError(
        "ALREADY_DELIVERED",
        "A delivered order cannot be cancelled; refund its lines instead",
      );
    return { kind: "all" };
  }
  if (input.amount !== undefined) return { kind: "amount", amountCents: toCents(input.amount) };
  const lines = (input.lines ?? []).map((line, index) => {
    // What the order charges for: as picked once picked (orders/picked.ts), substitutes included.
    const ordered = chargedLines(order).find((item) => item.productId === line._id);
    if (!ordered) throw fieldError(`lines.${index}._id`, `product ${line._id} is not in this order`);
    const quantity = toBase(ordered.unit, line.quantity);
    if (quantity === undefined || quantity < 1) {
      throw fieldError(`lines.${index}.quantity`, `must be ${PRECISION_TEXT[ordered.unit]}`);
    }
    return { productId: line._id, quantity };
  });
  return { kind: "lines", lines };
}

/** Completes a refund PayPal made (retried when a product moved under the restock). */
async function completeRefund(refund: RefundRecord, paypalRefundId: string): Promise<void> {
  await retrying(
    "hotItem",
    async () => ((await refundStore.complete(refund, paypalRefundId)) === "conflict" ? AGAIN : undefined),
    giveUp(orderChanging),
  );
}

async function releaseRefund(refund: RefundRecord, issue: string): Promise<void> {
  await retrying(
    "changedMeanwhile",
    async () => ((await refundStore.release(refund, issue)) === "conflict" ? AGAIN : undefined),
    giveUp(orderChanging),
  );
}

/**
 * Sends a pending refund to PayPal (again: the request id makes that safe) and records PayPal's
 * answer: completed, released when PayPal refused it, left pending while PayPal is unreachable or
 * holds the refund itself. `order` is the order as last read, when the caller has it (the capture it
 * names never changes once paid); otherwise it is read here. Answers the refund as stored afterwards.
 */
export async function sendRefund(refund: RefundRecord, read?: OrderRecord): Promise<RefundRecord> {
  const order = read ?? (await orderStore.get(refund.orderId));
  if (!order) {
    await refundStore.abandon(refund, "ORDER_GONE");
  } else if (!order.captureId) {
    await releaseRefund(refund, "NO_CAPTURE");
  } else {
    try {
      const answer = await provider().refundCapture(order.captureId, {
        amount: usd(refund.amountCents),
        requestId: refund.id,
        customId: refund.id,
        note: refund.reason,
      });
      if (answer.status === "COMPLETED") await completeRefund(refund, answer.id);
      else if (answer.status === "FAILED" || answer.status === "CANCELLED")
        await releaseRefund(refund, answer.status);
      // PENDING at PayPal: the webhook (or the sweep) completes it.
    } catch (error) {
      if (error instanceof RefundRefused) await releaseRefund(refund, error.issue);
      else if (!isAppError(error) || error.status < 502) throw error;
      else log("warn", "refund left pending: PayPal unreachable", { refundId: refund.id });
    }
  }
  return (await refundStore.get(refund.orderId, refund.id)) ?? refund;
}

/**
 * A request's fingerprint: what it asks, in a fixed order, hashed. A replayed Idempotency-Key with
 * another fingerprint is a client bug (a key reused for a different refund), refused with 422
 * (docs/decisions/030-refunds.md).
 */
const fingerprintOf = (input: RefundInput): string =>
  requestFingerprint([
    input.cancel === true,
    input.amount ?? null,
    (input.lines ?? []).map((line) => [line._id, line.quantity]),
    input.reason,
    input.restock,
  ]);

/** The refund a replayed key names, once its request is known to be the same one. */
function sameRequest(claim: { refundId: string; request?: string }, request: string): string {
  if (claim.request !== undefined && claim.request !== request) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used for a different refund request; use a new key for a new refund",
    );
  }
  return claim.refundId;
}

/** The refund of a claimed key, once it is no longer pending (or after WAIT_FOR_FIRST_MS). */
export async function settledRefund(orderId: string, refundId: string): Promise<RefundRecord> {
  const until = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const refund = await refundStore.get(orderId, refundId);
    if (!refund) throw new Error(`refund ${refundId} of a claimed key is missing`);
    if (refund.status !== "pending" || Date.now() >= until) return refund;
    await sleep(POLL_MS);
  }
}

/** What the refund endpoint answers (refunds/refund.schema.ts), and whether this request made the refund. */
export interface RefundOutcome extends RefundOrderAnswer {
  created: boolean;
}

async function outcome(caller: Caller, refund: RefundRecord, created: boolean): Promise<RefundOutcome> {
  if (refund.status === "failed") {
    throw new AppError(
      "REFUND_REFUSED",
      `PayPal refused the refund (${refund.issue ?? "refused"}); nothing was refunded`,
      {
        issue: refund.issue,
      },
    );
  }
  return {
    refund: answerOf(refund),
    order: await withUser(caller, await orderOrNotFound(refund.orderId)),
    created,
  };
}

/**
 * Refunds a paid order (admin): by amount or by lines (quantities in each product's unit), with a
 * reason and an optional restock of the refunded lines. An `Idempotency-Key` makes a retried request
 * answer the first one's refund. 409 when it would refund more than is left or the order is not
 * refundable, 400 for bad lines, 502 never: PayPal being unreachable leaves the refund pending
 * (answered with `status: "pending"`) and the sweep sends it again.
 *
 * @example
 * await refundOrder(admin, orderId, { lines: [{ _id: kiwiId, quantity: 0.25 }], reason: "Bruised", restock: false }, "key-1");
 */
export async function refundOrder(
  caller: Caller,
  orderId: string,
  input: RefundInput,
  key?: string,
): Promise<RefundOutcome> {
  const first = await orderOrNotFound(orderId);
  const request = fingerprintOf(input);
  if (key) {
    const claim = await refundStore.claimOfKey(first.id, key);
    if (claim) return outcome(caller, await settledRefund(first.id, sameRequest(claim, request)), false);
  }
  const reserved = await retrying<{ refund: RefundRecord; order: OrderRecord } | { claimed: string }>(
    "hotItem",
    async (attempt) => {
      const order = attempt === 0 ? first : await orderOrNotFound(orderId);
      assertRefundable(order);
      const plan = planRefund(order, requestOf(order, input));
      const refund: RefundRecord = {
        id: newId(),
        orderId: order.id,
        amountCents: plan.amountCents,
        reason: input.reason,
        restock: input.restock,
        lines: plan.lines,
        status: "pending",
        source: "admin",
        createdAt: new Date().toISOString(),
        ...(input.cancel === true ? { cancels: true } : {}),
        // The seat of a cancelled order goes back with its stock, when the refund completes.
        ...(input.cancel === true && heldSeat(order) ? { freesSeat: heldSeat(order) } : {}),
      };
      const result = await refundStore.reserve(order, refund, plan, key ? { key, request } : undefined);
      if (result === "reserved") return { refund, order };
      if (result === "duplicate" && key) {
        const claim = await refundStore.claimOfKey(order.id, key);
        if (claim) return { claimed: sameRequest(claim, request) };
      }
      return AGAIN;
    },
    giveUp(orderChanging),
  );
  if ("claimed" in reserved) return outcome(caller, await settledRefund(orderId, reserved.claimed), false);
  log("info", "refund reserved", {
    orderId,
    refundId: reserved.refund.id,
    amount: formatMoney(toDollars(reserved.refund.amountCents)),
    by: caller._id,
  });
  // The order as reserved names the capture: PayPal is asked without reading the order again.
  return outcome(caller, await sendRefund(reserved.refund, reserved.order), true);
}

/**
 * For the sweep: sends again every refund left pending for longer than REFUND_GRACE_MS (a request
 * that died between PayPal's answer and our write, PayPal unreachable then). Answers how many it
 * settled (completed or released).
 */
export async function resumePendingRefunds(now: Date, stopAt?: number): Promise<number> {
  let settled = 0;
  let start: Record<string, unknown> | undefined;
  do {
    if (stopAt !== undefined && Date.now() >= stopAt) break;
    const page = await refundStore.pendingBefore(new Date(now.getTime() - REFUND_GRACE_MS), 25, start);
    for (const refund of page.refunds) {
      try {
        if ((await sendRefund(refund)).status !== "pending") settled += 1;
      } catch (error) {
        log("error", "resuming a refund failed", { refundId: refund.id, ...errorFields(error) });
      }
    }
    start = page.next;
  } while (start);
  return settled;
}

export { completeRefund };
