import { formatMoney } from "@fruit/core/browser/money";
import type { Order } from "@fruit/core/browser/orders";
import { Badge, Stack, Text } from "@mantine/core";

type RefundFields = Pick<Order, "totalPrice" | "refundedPrice" | "refunds">;

/** "refunded" once everything paid was given back, "partial" after some refunds, else undefined. */
export function refundState(order: RefundFields): "refunded" | "partial" | undefined {
  if (!order.refundedPrice) return undefined;
  return Math.round(order.refundedPrice * 100) >= Math.round(order.totalPrice * 100) ? "refunded" : "partial";
}

/** "Refunded" or "Partially refunded $3.74", or nothing for an order without refunds. */
export function RefundBadge({ order }: { order: RefundFields }) {
  const state = refundState(order);
  if (!state) return null;
  return (
    <Badge color={state === "refunded" ? "grape" : "violet"} variant="light">
      {state === "refunded" ? "Refunded" : `Partially refunded ${formatMoney(order.refundedPrice)}`}
    </Badge>
  );
}

/** "Payment pending" while PayPal holds the capture. */
export function PaymentPendingBadge({ order }: { order: Pick<Order, "isPaymentPending"> }) {
  if (!order.isPaymentPending) return null;
  return (
    <Badge color="yellow" variant="light">
      Payment pending
    </Badge>
  );
}

/** Each refund: its amount, day and reason, then the total refunded. */
export function RefundsList({ order }: { order: RefundFields }) {
  if (order.refunds.length === 0) return null;
  return (
    <Stack gap={4} mt="sm" aria-label="Refunds">
      {order.refunds.map((refund) => (
        <Text key={refund._id} size="sm">
          <Text span fw={700}>
            {formatMoney(refund.amount)}
          </Text>{" "}
          refunded on {refund.createdAt.substring(0, 10)}: {refund.reason}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        Total refunded: {formatMoney(order.refundedPrice)} of {formatMoney(order.totalPrice)}
      </Text>
    </Stack>
  );
}
