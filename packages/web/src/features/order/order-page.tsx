import { Alert, Badge, Card, Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { useParams } from "react-router-dom";
import { OrderItemsList } from "../../components/order-items-list.tsx";
import { ErrorBlock, LoadingBlock } from "../../components/page-states.tsx";
import { PriceSummary } from "../../components/price-summary.tsx";
import { useShop } from "../../lib/shop-store.ts";
import { useOrder } from "./api/use-order.ts";
import { PaymentBox } from "./payment-box.tsx";

// Admin code stays out of the storefront chunk: only an admin ever loads this button.
const DeliverOrderButton = lazy(() =>
  import("../admin/orders/deliver-order-button.tsx").then((m) => ({ default: m.DeliverOrderButton })),
);

/** "2026-11-21 14:05" from an ISO date. */
const when = (iso: string | null) => (iso ? `${iso.substring(0, 10)} ${iso.substring(11, 16)}` : "");

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** /order/{id} — details, paid/delivered status, the payment button and (admins) Deliver Order. */
export function OrderPage() {
  const { id } = useParams();
  const isAdmin = useShop((s) => s.userInfo?.isAdmin === true);
  const { data: order, error, mutate } = useOrder(id);
  if (error) {
    return (
      <Container size="xl" py="xl">
        <ErrorBlock error={error} onRetry={() => mutate()} />
      </Container>
    );
  }
  if (!order) return <LoadingBlock label="Loading order" />;
  const address = order.shippingAddress;
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="lg" gap="xs">
        <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
          Order {order._id}
        </Title>
        <Badge size="lg" color={order.isPaid ? "green" : "orange"} variant="light">
          {order.isPaid ? "Paid" : "Awaiting payment"}
        </Badge>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Block title="Shipping">
              <Text>
                <b>Name:</b> {address.fullName}
              </Text>
              <Text mb="sm">
                <b>Address:</b> {address.address}, {address.city}, {address.postalCode}, {address.country}
              </Text>
              {order.isDelivered ? (
                <Alert color="green" variant="light">
                  Delivered at {when(order.deliveredAt)}
                </Alert>
              ) : (
                <Alert color="red" variant="light">
                  Not Delivered
                </Alert>
              )}
            </Block>
            <Block title="Payment">
              <Text mb="sm">
                <b>Method:</b> {order.paymentMethod}
              </Text>
              {order.isPaid ? (
                <Alert color="green" variant="light">
                  Paid at {when(order.paidAt)}
                </Alert>
              ) : (
                <Alert color="red" variant="light">
                  Not Paid
                </Alert>
              )}
            </Block>
            <Block title="Items">
              <OrderItemsList items={order.orderItems} />
            </Block>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                Order Summary
              </Title>
              <PriceSummary prices={order} />
              {!order.isPaid && <PaymentBox orderId={order._id} paymentMethod={order.paymentMethod} />}
              {isAdmin && (
                <Suspense fallback={null}>
                  <DeliverOrderButton order={order} onDelivered={() => void mutate()} />
                </Suspense>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
