import type { Order } from "@fruit/core/browser/orders";
import { Alert, Badge, Button, Container, Group, Text, Title } from "@mantine/core";
import { type ComponentType, Suspense } from "react";
import { Link, useParams } from "react-router-dom";
import { ErrorBlock, LoadingBlock } from "../../../components/page-states.tsx";
import { useFormat, useT } from "../../../i18n/intl.tsx";
import { useShop } from "../../../lib/shop-store.ts";
import { BuyAgainButton } from "../../cart/index.ts";
import { SlotLine } from "../../delivery/index.ts";
import { chargedDiscount, chargedPrices, FinalSummary } from "../shared/final-summary.tsx";
import { OrderLayout, OrderSection, PaymentMethodLine, ShippingLines } from "../shared/order-details.tsx";
import { OrderItemsList } from "../shared/order-items-list.tsx";
import { PaymentPendingBadge, RefundBadge, RefundsList } from "../shared/order-refunds.tsx";
import { PickedItemsList } from "../shared/picked-items-list.tsx";
import { canPick, pickPath } from "../shared/picking.ts";
import { PolicyNote, SubstituteNote } from "../shared/substitute.tsx";
import { useOrder } from "./api/use-order.ts";
import { OrderHoldNotice } from "./order-hold.tsx";
import { PaymentBox } from "./payment-box.tsx";

/** "2026-11-21 14:05" from an ISO date: how an English order screen has always said when. */
const when = (iso: string) => `${iso.substring(0, 10)} ${iso.substring(11, 16)}`;

/** Green "<label> at <date>" once it happened, gray "Cancelled" for a cancelled order, else red "Not <label>". */
function StatusAlert({
  done,
  at,
  label,
  cancelled,
}: {
  done: boolean;
  at: string | null;
  label: "Paid" | "Delivered";
  cancelled: boolean;
}) {
  const t = useT();
  const format = useFormat();
  if (cancelled) {
    return (
      <Alert color="gray" variant="light" mt="sm">
        {t({ id: "order.cancelled", defaultMessage: "Cancelled" })}
      </Alert>
    );
  }
  const what = label === "Paid" ? "paid" : "delivered";
  return done ? (
    <Alert color="green" variant="light" mt="sm">
      {t(
        {
          id: "order.doneAt",
          defaultMessage: "{what, select, paid {Paid} other {Delivered}} at {when}",
        },
        // French reads the shop's time zone's date and time ("21 novembre 2026 à 09 h 05").
        { what, when: at ? (format.locale === "en" ? when(at) : format.dateTime(at)) : "" },
      )}
    </Alert>
  ) : (
    <Alert color="red" variant="light" mt="sm">
      {t(
        { id: "order.notDone", defaultMessage: "{what, select, paid {Not Paid} other {Not Delivered}}" },
        { what },
      )}
    </Alert>
  );
}

/**
 * What an administrator also gets on the order screen: the admin area's tools, which the route table
 * hands over (app/routes.tsx, from features/admin/index.ts). The admin area builds on this feature
 * (its picking screen uses the order's lines and key), so this feature never imports it.
 */
export interface OrderAdminTools {
  DeliverOrderButton: ComponentType<{ order: Order; onDelivered: () => void }>;
  RefundOrderForm: ComponentType<{ order: Order; onRefunded: () => void }>;
  OrderMails: ComponentType<{ orderId: string }>;
}

/**
 * /order/{id} — details, paid/delivered (or cancelled) status, "Payment pending" while PayPal holds
 * the payment, refunds (amount, date, reason), how long an unpaid order is held, the payment button
 * and (admins) Pick and weigh, Deliver Order and the refund form. Each line shows its "if sold out"
 * choice until the order is final; then each line ordered against picked, the final figures, what
 * was paid and the weight adjustment.
 */
export function OrderPage({ adminTools }: { adminTools?: OrderAdminTools }) {
  const { id } = useParams();
  const isAdmin = useShop((s) => s.userInfo?.isAdmin === true);
  const admin = isAdmin ? adminTools : undefined;
  const { data: order, error, mutate } = useOrder(id);
  const t = useT();
  const format = useFormat();
  if (error) {
    return (
      <Container size="xl" py="xl">
        <ErrorBlock error={error} onRetry={() => mutate()} />
      </Container>
    );
  }
  if (!order) return <LoadingBlock label={t({ id: "order.loading", defaultMessage: "Loading order" })} />;
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="lg" gap="xs">
        <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
          {t({ id: "order.title", defaultMessage: "Order {id}" }, { id: order._id })}
        </Title>
        <Group gap="xs">
          {order.isPaymentPending ? (
            <PaymentPendingBadge order={order} />
          ) : (
            <Badge
              size="lg"
              color={order.isCancelled ? "gray" : order.isPaid ? "green" : "orange"}
              variant="light"
            >
              {order.isCancelled
                ? t({ id: "order.cancelled", defaultMessage: "Cancelled" })
                : order.isPaid
                  ? t({ id: "order.paid", defaultMessage: "Paid" })
                  : t({ id: "order.awaiting", defaultMessage: "Awaiting payment" })}
            </Badge>
          )}
          <RefundBadge order={order} />
        </Group>
      </Group>
      <Group mb="lg">
        <BuyAgainButton lines={order.orderItems} orderId={order._id} />
      </Group>
      <OrderLayout
        prices={chargedPrices(order)}
        discount={chargedDiscount(order)}
        taxRates={(order.taxes ?? []).filter((tax) => tax.base > 0).map((tax) => tax.rate)}
        sections={
          <>
            <OrderSection title={t({ id: "order.shipping", defaultMessage: "Shipping" })}>
              <ShippingLines address={order.shippingAddress} />
              <StatusAlert
                done={order.isDelivered}
                at={order.deliveredAt}
                label="Delivered"
                cancelled={order.isCancelled}
              />
            </OrderSection>
            {order.deliverySlot && (
              <OrderSection title={t({ id: "order.delivery", defaultMessage: "Delivery" })}>
                <SlotLine slot={order.deliverySlot} />
              </OrderSection>
            )}
            <OrderSection title={t({ id: "order.payment", defaultMessage: "Payment" })}>
              <PaymentMethodLine method={order.paymentMethod} />
              {order.isPaymentPending ? (
                <Alert
                  color="yellow"
                  variant="light"
                  mt="sm"
                  title={t({ id: "order.pending", defaultMessage: "Payment pending" })}
                >
                  {t({
                    id: "order.pending.text",
                    defaultMessage:
                      "PayPal is still processing this payment (for example an e-cheque). The order is kept for you and will be marked paid as soon as PayPal completes it.",
                  })}
                </Alert>
              ) : (
                <StatusAlert
                  done={order.isPaid}
                  at={order.paidAt}
                  label="Paid"
                  cancelled={order.isCancelled}
                />
              )}
              {!order.isPaymentPending && <OrderHoldNotice order={order} />}
              <RefundsList order={order} />
            </OrderSection>
            <OrderSection title={t({ id: "order.items", defaultMessage: "Items" })}>
              {order.finalizedAt ? (
                <PickedItemsList items={order.orderItems} />
              ) : (
                <OrderItemsList
                  items={order.orderItems}
                  note={(line) => (
                    <>
                      <SubstituteNote choice={line.substitute} />
                      {(line.discount ?? 0) > 0 && (
                        <Text size="sm" c="green.8">
                          {t(
                            { id: "promo.line", defaultMessage: "{name}: −{amount}" },
                            { name: order.promotion?.code ?? "", amount: format.money(line.discount ?? 0) },
                          )}
                        </Text>
                      )}
                    </>
                  )}
                />
              )}
              <PolicyNote />
            </OrderSection>
            {admin && (
              <Suspense fallback={null}>
                <admin.OrderMails orderId={order._id} />
              </Suspense>
            )}
          </>
        }
      >
        <FinalSummary order={order} />
        {!order.isPaid && !order.isCancelled && !order.isPaymentPending && (
          <PaymentBox orderId={order._id} paymentMethod={order.paymentMethod} />
        )}
        {isAdmin && canPick(order) && (
          <Button component={Link} to={pickPath(order._id)} fullWidth variant="light">
            Pick and weigh
          </Button>
        )}
        {/* Lazy components: only an admin ever downloads the tools and the admin code behind them. */}
        {admin && (
          <Suspense fallback={null}>
            <admin.DeliverOrderButton order={order} onDelivered={() => void mutate()} />
            <admin.RefundOrderForm order={order} onRefunded={() => void mutate()} />
          </Suspense>
        )}
      </OrderLayout>
    </Container>
  );
}
