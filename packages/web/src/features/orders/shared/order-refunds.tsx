import type { Order } from "@fruit/core/browser/orders";
import { Badge, Stack, Text } from "@mantine/core";
import { useFormat, useT } from "../../../i18n/intl.tsx";

type RefundFields = Pick<Order, "totalPrice" | "refundedPrice" | "refunds">;

/** "refunded" once everything paid was given back, "partial" after some refunds, else undefined. */
export function refundState(order: RefundFields): "refunded" | "partial" | undefined {
  if (!order.refundedPrice) return undefined;
  return Math.round(order.refundedPrice * 100) >= Math.round(order.totalPrice * 100) ? "refunded" : "partial";
}

/** "Refunded" or "Partially refunded $3.74", or nothing for an order without refunds. */
export function RefundBadge({ order }: { order: RefundFields }) {
  const state = refundState(order);
  const t = useT();
  const format = useFormat();
  if (!state) return null;
  return (
    <Badge color={state === "refunded" ? "grape" : "violet"} variant="light">
      {state === "refunded"
        ? t({ id: "refund.full", defaultMessage: "Refunded" })
        : t(
            { id: "refund.partial", defaultMessage: "Partially refunded {amount}" },
            { amount: format.money(order.refundedPrice) },
          )}
    </Badge>
  );
}

/** "Payment pending" while PayPal holds the capture. */
export function PaymentPendingBadge({ order }: { order: Pick<Order, "isPaymentPending"> }) {
  const t = useT();
  if (!order.isPaymentPending) return null;
  return (
    <Badge color="yellow" variant="light">
      {t({ id: "order.pending", defaultMessage: "Payment pending" })}
    </Badge>
  );
}

/** Each refund: its amount, day and reason, then the total refunded. */
export function RefundsList({ order }: { order: RefundFields }) {
  const t = useT();
  const format = useFormat();
  if (order.refunds.length === 0) return null;
  return (
    <Stack gap={4} mt="sm" aria-label={t({ id: "refund.list", defaultMessage: "Refunds" })}>
      {order.refunds.map((refund) => (
        <Text key={refund._id} size="sm">
          {t(
            { id: "refund.line", defaultMessage: "<b>{amount}</b> refunded on {day}: {reason}" },
            {
              amount: format.money(refund.amount),
              day: format.day(refund.createdAt),
              reason: refund.reason,
              b: (text) => (
                <Text span fw={700}>
                  {text}
                </Text>
              ),
            },
          )}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {t(
          { id: "refund.total", defaultMessage: "Total refunded: {refunded} of {total}" },
          { refunded: format.money(order.refundedPrice), total: format.money(order.totalPrice) },
        )}
      </Text>
    </Stack>
  );
}
