import type { Order } from "@fruit/core/browser/orders";
import { Alert, Text } from "@mantine/core";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { useLocale, useT } from "../../../i18n/intl.tsx";

/** "Nov 24, 2026, 3:05 PM" in the shopper's own time zone, in the page's language. */
export const localTime = (iso: string, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

const HOLD_LENGTH = defineMessage({
  id: "hold.length",
  defaultMessage:
    "{unit, select, seconds {{count, plural, one {# second} other {# seconds}}} minutes {{count, plural, one {# minute} other {# minutes}}} other {{count, plural, one {# hour} other {# hours}}}}",
});

/** "60 minutes", "90 seconds", "2 hours": how long an order is held, from its placing to its deadline. */
export function holdLength(
  createdAt: string,
  holdUntil: string,
  t: (descriptor: MessageDescriptor, values: Record<string, string | number>) => string,
): string {
  const seconds = Math.max(0, Math.round((Date.parse(holdUntil) - Date.parse(createdAt)) / 1000));
  if (seconds < 120) return t(HOLD_LENGTH, { unit: "seconds", count: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 120 || minutes % 60 !== 0) return t(HOLD_LENGTH, { unit: "minutes", count: minutes });
  return t(HOLD_LENGTH, { unit: "hours", count: minutes / 60 });
}

type HoldFields = Pick<Order, "createdAt" | "holdUntil" | "isCancelled" | "cancelledAt" | "isPaid">;

/**
 * Under the payment of an order: while it is unpaid, how long its items are held for the shopper
 * (and what happens after); once cancelled, when and why (not paid in time, or cancelled and refunded
 * by the shop). Nothing for a paid order.
 */
export function OrderHoldNotice({ order }: { order: HoldFields }) {
  const t = useT();
  const locale = useLocale();
  if (order.isCancelled) {
    const why = order.isPaid
      ? t({
          id: "hold.cancelledPaid",
          defaultMessage: "the shop cancelled this order and refunds what was paid (see the refunds below).",
        })
      : t({
          id: "hold.cancelledUnpaid",
          defaultMessage:
            "the order was not paid in time and its items went back on sale. It can no longer be paid.",
        });
    return (
      <Alert
        color="gray"
        variant="light"
        mt="sm"
        title={t({ id: "order.cancelled", defaultMessage: "Cancelled" })}
      >
        <Text size="sm">
          {order.cancelledAt
            ? t(
                { id: "hold.cancelledOn", defaultMessage: "Cancelled on {when}: {why}" },
                { when: localTime(order.cancelledAt, locale), why },
              )
            : why}
        </Text>
      </Alert>
    );
  }
  if (order.isPaid || !order.holdUntil) return null;
  return (
    <Text size="sm" c="dimmed" mt="xs">
      {t(
        {
          id: "hold.notice",
          defaultMessage:
            "Your items are held for {length} after ordering: please pay by {when}. An unpaid order is then cancelled and its items go back on sale.",
        },
        { length: holdLength(order.createdAt, order.holdUntil, t), when: localTime(order.holdUntil, locale) },
      )}
    </Text>
  );
}
