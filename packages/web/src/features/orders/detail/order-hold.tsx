import type { Order } from "@fruit/core/browser/orders";
import { Alert, Text } from "@mantine/core";

/** "Nov 24, 2026, 3:05 PM" in the shopper's own time zone. */
export const localTime = (iso: string): string =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** "60 minutes", "90 seconds", "2 hours": how long an order is held, from its placing to its deadline. */
export function holdLength(createdAt: string, holdUntil: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(holdUntil) - Date.parse(createdAt)) / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120 || minutes % 60 !== 0) return `${minutes} minutes`;
  return `${minutes / 60} hours`;
}

type HoldFields = Pick<Order, "createdAt" | "holdUntil" | "isCancelled" | "cancelledAt" | "isPaid">;

/**
 * Under the payment of an order: while it is unpaid, how long its items are held for the shopper
 * (and what happens after); once cancelled, when and why (not paid in time, or cancelled and refunded
 * by the shop). Nothing for a paid order.
 */
export function OrderHoldNotice({ order }: { order: HoldFields }) {
  if (order.isCancelled) {
    return (
      <Alert color="gray" variant="light" mt="sm" title="Cancelled">
        <Text size="sm">
          {order.cancelledAt ? `Cancelled on ${localTime(order.cancelledAt)}: ` : ""}
          {order.isPaid
            ? "the shop cancelled this order and refunds what was paid (see the refunds below)."
            : "the order was not paid in time and its items went back on sale. It can no longer be paid."}
        </Text>
      </Alert>
    );
  }
  if (order.isPaid || !order.holdUntil) return null;
  return (
    <Text size="sm" c="dimmed" mt="xs">
      Your items are held for {holdLength(order.createdAt, order.holdUntil)} after ordering: please pay by{" "}
      {localTime(order.holdUntil)}. An unpaid order is then cancelled and its items go back on sale.
    </Text>
  );
}
