import { exists } from "../db/conditions.ts";
import type { Action, UpdateAction } from "../db/kind.ts";
import { firstClaim, heldBy } from "../db/once.ts";
import { SEAT_BOOKED, seatKind, slotKind } from "./delivery.records.ts";

/**
 * The writes of a seat in a delivery window (docs/decisions/040-delivery-windows.md), which the
 * stores that move an order put in the order's own transaction: placement takes one
 * (orders/placement.store.ts), the expiry and denial cancels, a cancelling refund's completion and an
 * order's delete give it back (orders/placement.store.ts, orders/payment-state.store.ts,
 * refunds/refund.store.ts), and an administrator's move does both (delivery/delivery.store.ts).
 *
 * A seat is db/once.ts's pattern: the seat item is the claim (`firstClaim`, status `booked`), and
 * freeing it is the settle (`heldBy(…, "booked")` on its delete), so a seat is counted in and out of
 * its window's `booked` exactly once however the frees race.
 */

/** A seat taken: the window's counter (and its guards), and the seat item claimed. */
export interface SeatTake {
  slotId: string;
  slot: UpdateAction;
  seat: Action;
}

/**
 * Takes a seat of window `slotId` for an order: the window exists, is open, has a seat left
 * (`booked < capacity`) and, unless an administrator moves the order, its cut-off is after `now` —
 * the server's clock, never the browser's.
 */
export function takeSeat(
  slotId: string,
  orderId: string,
  now: Date,
  { checkCutoff = true }: { checkCutoff?: boolean } = {},
): SeatTake {
  return {
    slotId,
    slot: slotKind.update(slotKind.key(slotId), {
      UpdateExpression: "SET booked = booked + :one",
      ConditionExpression: [
        exists(),
        "closed = :false",
        "booked < #capacity",
        ...(checkCutoff ? ["cutoffAt > :now"] : []),
      ].join(" AND "),
      // `capacity` is one of DynamoDB's reserved words.
      ExpressionAttributeNames: { "#capacity": "capacity" },
      ExpressionAttributeValues: {
        ":one": 1,
        ":false": false,
        ...(checkCutoff ? { ":now": now.toISOString() } : {}),
      },
    }),
    seat: seatKind.put({ slotId, orderId, status: SEAT_BOOKED }, firstClaim()),
  };
}

/**
 * Gives an order's seat back: the seat item deleted while it is still `booked` (the settle), and the
 * window's counter down by one — both or neither, so a seat comes back once.
 */
export function freeSeat(slotId: string, orderId: string): Action[] {
  return [
    ...seatKind.delete(seatKind.key(slotId, orderId), heldBy({}, SEAT_BOOKED)),
    slotKind.update(slotKind.key(slotId), {
      UpdateExpression: "SET booked = booked - :one",
      ConditionExpression: `${exists()} AND booked >= :one`,
      ExpressionAttributeValues: { ":one": 1 },
    }),
  ];
}
