import { formatMoney, toCents, toDollars } from "@fruit/core/browser/money";
import type { FinalCharge } from "@fruit/core/browser/picking";
import { Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { PriceSummary } from "../../../components/price-summary.tsx";

/** What was paid and what goes back, under the final totals. */
function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={700}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The live preview of the final charge (core's `finalCharge`, as the server computes it): items as
 * picked, shipping as approved, tax, total, what was paid and what is given back.
 */
export function FinalPreview({
  charge,
  shippingPrice,
  paid,
}: {
  charge: FinalCharge | undefined;
  shippingPrice: number;
  paid: number;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Final charge">
      <Stack gap="md">
        <Title order={2} size="h4">
          Final charge
        </Title>
        {charge ? (
          <>
            <PriceSummary
              prices={{
                itemsPrice: toDollars(charge.itemsCents),
                shippingPrice,
                taxPrice: toDollars(charge.taxCents),
                totalPrice: toDollars(charge.totalCents),
              }}
            />
            <Divider />
            <Stack gap={8} component="dl" m={0}>
              <Row label="Paid" value={formatMoney(paid)} />
              <Row label="Given back" value={formatMoney(toDollars(toCents(paid) - charge.totalCents))} />
            </Stack>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Fill in every amount to see the final charge.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
