import { formatMoney, toCents, toDollars } from "@fruit/core/browser/money";
import type { FinalCharge } from "@fruit/core/browser/picking";
import { Card, Divider, Stack, Text, Title } from "@mantine/core";
import { PriceSummary, SummaryRow } from "../../../components/price-summary.tsx";

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
              <SummaryRow label="Paid" value={formatMoney(paid)} />
              <SummaryRow
                label="Given back"
                value={formatMoney(toDollars(toCents(paid) - charge.totalCents))}
              />
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
