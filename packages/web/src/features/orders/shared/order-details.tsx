import type { Prices } from "@fruit/core/browser/money";
import type { ShippingAddress } from "@fruit/core/browser/orders";
import { Anchor, Card, Grid, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { type DiscountShown, PriceSummary } from "../../../components/price-summary.tsx";
import { useT } from "../../../i18n/intl.tsx";

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
  const t = useT();
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">{sections}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t({ id: "order.summary", defaultMessage: "Order Summary" })}
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
  const t = useT();
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      {edit ? (
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Anchor
            component={Link}
            to={edit}
            fw={600}
            aria-label={t(
              { id: "order.edit.label", defaultMessage: "Edit {section}" },
              { section: title.toLowerCase() },
            )}
          >
            {t({ id: "order.edit", defaultMessage: "Edit" })}
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
  const t = useT();
  const b = (text: ReactNode) => <b>{text}</b>;
  return (
    <>
      <Text>
        {t({ id: "order.name", defaultMessage: "<b>Name:</b> {name}" }, { name: address.fullName, b })}
      </Text>
      <Text>
        {t(
          { id: "order.address", defaultMessage: "<b>Address:</b> {address}" },
          {
            address: `${address.address}, ${address.city}, ${address.postalCode}, ${address.country}`,
            b,
          },
        )}
      </Text>
    </>
  );
}

/** "Method: PayPal". */
export function PaymentMethodLine({ method }: { method: string }) {
  const t = useT();
  return (
    <Text>
      {t(
        { id: "order.method", defaultMessage: "<b>Method:</b> {method}" },
        { method, b: (text) => <b>{text}</b> },
      )}
    </Text>
  );
}
