import type { Prices } from "@fruit/core/browser/money";
import type { ShippingAddress } from "@fruit/core/browser/orders";
import { Anchor, Card, Grid, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { type DiscountShown, PriceSummary } from "../../../components/price-summary.tsx";

/**
 * The frame shared by the order preview and the order screen: the sections (shipping, payment,
 * items) on the left, the "Order Summary" card with the totals and the page's actions on the right.
 */
export function OrderLayout({
  sections,
  prices,
  taxRates,
  discount,
  children,
}: {
  sections: ReactNode;
  prices: Prices;
  /** A promotion's discount and code (docs/decisions/049), shown as its own row. */
  discount?: DiscountShown | undefined;
  /** The rates its lines are taxed at (the tax row's label). */
  taxRates?: readonly number[];
  /** Below the totals: the preview's Place Order, the order's payment and delivery buttons. */
  children: ReactNode;
}) {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">{sections}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Order Summary
            </Title>
            <PriceSummary prices={prices} discount={discount} {...(taxRates ? { taxRates } : {})} />
            {children}
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/** One titled card of an order; with `edit`, an "Edit" link (named "Edit <title>") back to that step. */
export function OrderSection({
  title,
  edit,
  children,
}: {
  title: string;
  edit?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      {edit ? (
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Anchor component={Link} to={edit} fw={600} aria-label={`Edit ${title.toLowerCase()}`}>
            Edit
          </Anchor>
        </Group>
      ) : (
        <Title order={2} size="h4" mb="sm">
          {title}
        </Title>
      )}
      {children}
    </Card>
  );
}

/** "Name: …" and "Address: street, city, postal code, country". */
export function ShippingLines({ address }: { address: ShippingAddress }) {
  return (
    <>
      <Text>
        <b>Name:</b> {address.fullName}
      </Text>
      <Text>
        <b>Address:</b> {address.address}, {address.city}, {address.postalCode}, {address.country}
      </Text>
    </>
  );
}

/** "Method: PayPal". */
export function PaymentMethodLine({ method }: { method: string }) {
  return (
    <Text>
      <b>Method:</b> {method}
    </Text>
  );
}
