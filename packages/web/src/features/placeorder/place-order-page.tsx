import { priceLines } from "@fruit/core/money/pricing";
import { Alert, Anchor, Button, Card, Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { OrderItemsList } from "../../components/order-items-list.tsx";
import { PriceSummary } from "../../components/price-summary.tsx";
import { errorMessage } from "../../lib/api.ts";
import { notifyError } from "../../lib/notify.ts";
import { shop, useShop } from "../../lib/shop-store.ts";
import { refreshCartFromServer } from "../cart/add-to-cart.ts";
import { isAddressComplete } from "../checkout/address-complete.ts";
import { createOrder, newIdempotencyKey } from "./api/create-order.ts";

function Section({ title, edit, children }: { title: string; edit: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={edit} fw={600} aria-label={`Edit ${title.toLowerCase()}`}>
          Edit
        </Anchor>
      </Group>
      {children}
    </Card>
  );
}

/** /placeorder — review shipping, payment, items and totals; Place Order creates the order. */
export function PlaceOrderPage() {
  const { cartItems, shippingAddress, paymentMethod } = useShop((s) => s);
  const navigate = useNavigate();
  // One key per attempt, kept while the page lives: a retry after a lost answer is the same attempt.
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const prices = priceLines(cartItems);

  useEffect(() => {
    if (!isAddressComplete(shippingAddress)) navigate("/checkout", { replace: true });
    else if (!paymentMethod) navigate("/payment", { replace: true });
  }, [shippingAddress, paymentMethod, navigate]);
  if (!isAddressComplete(shippingAddress) || !paymentMethod) return null;

  const place = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const order = await createOrder(
        { orderItems: cartItems, shippingAddress, paymentMethod, ...prices },
        attemptKey,
      );
      shop.clearCart();
      navigate(`/order/${order._id}`);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 409) {
        // Stock ran out or a price changed since the cart was filled: show why, refresh the cart.
        setRefusal(errorMessage(error));
        await refreshCartFromServer();
      } else notifyError(error);
      if (status !== undefined && status < 500) setAttemptKey(newIdempotencyKey());
      setBusy(false);
    }
  };

  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        Preview Order
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="Shipping" edit="/checkout#shipping">
              <Text>
                <b>Name:</b> {shippingAddress.fullName}
              </Text>
              <Text>
                <b>Address:</b> {shippingAddress.address}, {shippingAddress.city},{" "}
                {shippingAddress.postalCode}, {shippingAddress.country}
              </Text>
              {shippingAddress.location && (
                <Text size="sm" c="dimmed">
                  Location: {shippingAddress.location.address || "chosen on the map"}
                </Text>
              )}
            </Section>
            <Section title="Payment" edit="/checkout#payment">
              <Text>
                <b>Method:</b> {paymentMethod}
              </Text>
            </Section>
            <Section title="Items" edit="/cart">
              {cartItems.length === 0 ? (
                <Text c="dimmed">Your cart is empty.</Text>
              ) : (
                <OrderItemsList items={cartItems} />
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                Order Summary
              </Title>
              <PriceSummary prices={prices} />
              {refusal && (
                <Alert color="red" variant="light" role="alert" title="Order not placed">
                  {refusal} Your cart now shows the current prices and stock.
                </Alert>
              )}
              <Button
                size="md"
                radius="xl"
                color="orange"
                onClick={place}
                loading={busy}
                disabled={cartItems.length === 0}
              >
                Place Order
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
