import type { Order } from "@fruit/core/browser/orders";
import { Badge, Button, Card, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { Link } from "react-router-dom";
import table from "../../../components/data-table.module.css";
import { LoadMore } from "../../../components/load-more.tsx";
import { ErrorBlock, LoadingBlock } from "../../../components/page-states.tsx";
import { useFormat, useT } from "../../../i18n/intl.tsx";
import { BuyAgainButton } from "../../cart/index.ts";
import { ChargedTotal } from "../shared/final-summary.tsx";
import { PaymentPendingBadge, RefundBadge } from "../shared/order-refunds.tsx";
import { useMyOrders } from "./api/use-my-orders.ts";

/** The date once it happened; "Cancelled" for a cancelled order; else `no`. */
function Status({
  done,
  at,
  no,
  cancelled,
}: {
  done: boolean;
  at: string | null;
  no: string;
  cancelled: boolean;
}) {
  const t = useT();
  const format = useFormat();
  if (cancelled) {
    return (
      <Badge color="gray" variant="light">
        {t({ id: "order.cancelled", defaultMessage: "Cancelled" })}
      </Badge>
    );
  }
  return done ? (
    <Badge color="green" variant="light">
      {at ? format.day(at) : ""}
    </Badge>
  ) : (
    <Badge color="red" variant="light">
      {no}
    </Badge>
  );
}

function DetailsButton({ order }: { order: Order }) {
  const t = useT();
  return (
    <Button
      component={Link}
      to={`/order/${order._id}`}
      size="xs"
      variant="light"
      radius="xl"
      aria-label={t(
        { id: "orders.details.label", defaultMessage: "Details of order {id}" },
        { id: order._id },
      )}
    >
      {t({ id: "orders.details", defaultMessage: "Details" })}
    </Button>
  );
}

const NOUN: MessageDescriptor = defineMessage({
  id: "orders.count",
  defaultMessage: "{count, plural, one {# order} other {# orders}}",
});

/**
 * /orderhistory — date, total (the final, against what was paid, once picked), paid (or "Payment pending"; refunded or partially refunded), delivered,
 * Details and Buy again (its lines back in the cart at today's prices and stock); stacked cards on a phone. The orders are
 * read 25 at a time, with Load more while more follow.
 */
export function OrderHistoryPage() {
  const pages = useMyOrders();
  const orders = pages.pageCount > 0 ? pages.items : undefined;
  const phone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const t = useT();
  const format = useFormat();
  const no = t({ id: "orders.no", defaultMessage: "No" });
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        {t({ id: "orders.title", defaultMessage: "Order History" })}
      </Title>
      {!orders && pages.error ? (
        <ErrorBlock error={pages.error} onRetry={pages.retry} />
      ) : !orders ? (
        <LoadingBlock label={t({ id: "orders.loading", defaultMessage: "Loading orders" })} />
      ) : orders.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text mb="md">{t({ id: "orders.none", defaultMessage: "You have not placed an order yet." })}</Text>
          <Button component={Link} to="/products" radius="xl">
            {t({ id: "orders.start", defaultMessage: "Start shopping" })}
          </Button>
        </Paper>
      ) : (
        <>
          {phone ? (
            <Stack gap="sm">
              {orders.map((order) => (
                <Card key={order._id} withBorder radius="lg" padding="md">
                  <Group justify="space-between" mb={6}>
                    <Text fw={700}>{format.day(order.createdAt)}</Text>
                    <Text fw={800}>
                      <ChargedTotal order={order} />
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" mb="xs" style={{ overflowWrap: "anywhere" }}>
                    {order._id}
                  </Text>
                  {order.deliverySlot && (
                    <Text size="sm" mb="xs">
                      {t(
                        { id: "orders.delivery", defaultMessage: "Delivery: {window}" },
                        { window: format.window(order.deliverySlot) },
                      )}
                    </Text>
                  )}
                  <Group justify="space-between">
                    <Group gap={6}>
                      {order.isPaymentPending ? (
                        <PaymentPendingBadge order={order} />
                      ) : (
                        <Status
                          done={order.isPaid}
                          at={order.paidAt}
                          no={t({ id: "orders.notPaid", defaultMessage: "Not paid" })}
                          cancelled={order.isCancelled}
                        />
                      )}
                      <RefundBadge order={order} />
                      <Status
                        done={order.isDelivered}
                        at={order.deliveredAt}
                        no={t({ id: "orders.notDelivered", defaultMessage: "Not delivered" })}
                        cancelled={order.isCancelled}
                      />
                    </Group>
                    <DetailsButton order={order} />
                  </Group>
                  <BuyAgainButton lines={order.orderItems} orderId={order._id} />
                </Card>
              ))}
            </Stack>
          ) : (
            <Card withBorder radius="lg" padding={0} className={table.wrap}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <th>{t({ id: "orders.col.id", defaultMessage: "ID" })}</th>
                    <th>{t({ id: "orders.col.date", defaultMessage: "DATE" })}</th>
                    <th>{t({ id: "orders.col.total", defaultMessage: "TOTAL" })}</th>
                    <th>{t({ id: "orders.col.paid", defaultMessage: "PAID" })}</th>
                    <th>{t({ id: "orders.col.delivered", defaultMessage: "DELIVERED" })}</th>
                    <th>{t({ id: "orders.col.window", defaultMessage: "DELIVERY WINDOW" })}</th>
                    <th>{t({ id: "orders.col.actions", defaultMessage: "ACTIONS" })}</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <tr key={order._id}>
                      <td>
                        <Text size="sm" ff="monospace">
                          {order._id}
                        </Text>
                      </td>
                      <td>{format.day(order.createdAt)}</td>
                      <td style={{ fontWeight: 700 }}>
                        <ChargedTotal order={order} />
                      </td>
                      <td>
                        {order.isPaymentPending ? (
                          <PaymentPendingBadge order={order} />
                        ) : (
                          <Status
                            done={order.isPaid}
                            at={order.paidAt}
                            no={no}
                            cancelled={order.isCancelled}
                          />
                        )}
                        <RefundBadge order={order} />
                      </td>
                      <td>
                        <Status
                          done={order.isDelivered}
                          at={order.deliveredAt}
                          no={no}
                          cancelled={order.isCancelled}
                        />
                      </td>
                      <td>{order.deliverySlot ? format.window(order.deliverySlot) : "—"}</td>
                      <td>
                        <Stack gap={6} align="flex-start">
                          <DetailsButton order={order} />
                          <BuyAgainButton lines={order.orderItems} orderId={order._id} />
                        </Stack>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          )}
          {(pages.hasMore || pages.pageCount > 1) && (
            <LoadMore
              noun={NOUN}
              shown={orders.length}
              hasMore={pages.hasMore}
              loading={pages.loadingMore}
              onLoadMore={pages.loadMore}
              error={pages.error}
              onRetry={pages.retry}
            />
          )}
        </>
      )}
    </Container>
  );
}
