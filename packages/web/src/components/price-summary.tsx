import { formatMoney, type Prices } from "@fruit/core/browser/money";
import { Divider, Group, Stack, Text } from "@mantine/core";

/** Subtotal, shipping, tax and total — the same rows on the cart, the preview and the order. */
export function PriceSummary({ prices }: { prices: Prices }) {
  return (
    <Stack gap={8} component="dl" m={0}>
      <SummaryRow label="Subtotal" value={formatMoney(prices.itemsPrice)} />
      <SummaryRow
        label="Shipping"
        value={prices.shippingPrice === 0 ? "Free" : formatMoney(prices.shippingPrice)}
      />
      <SummaryRow label="Tax (15%)" value={formatMoney(prices.taxPrice)} />
      <Divider my={4} />
      <SummaryRow label="Total" value={formatMoney(prices.totalPrice)} strong />
    </Stack>
  );
}

/** One row of a summary list (a `dt` and its `dd`): the totals, and below them what was paid and given back. */
export function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text
        component="dt"
        fw={strong ? 700 : 400}
        size={strong ? "lg" : "sm"}
        c={strong ? undefined : "dimmed"}
      >
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 800 : 600} size={strong ? "lg" : "sm"}>
        {value}
      </Text>
    </Group>
  );
}
