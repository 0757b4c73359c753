import {
  formatMoney,
  type Prices,
  STANDARD_TAX_CLASS,
  TAX_PERCENT,
  type TaxRate,
} from "@fruit/core/browser/money";
import { Divider, Group, Stack, Text } from "@mantine/core";

/**
 * The tax row's label: "Tax (15%)" while every line is taxed at one rate (the shop's original rule),
 * else "Tax", since the lines' classes differ (docs/decisions/046-zones-and-tax-classes.md).
 */
export function taxLabel(rates: readonly number[]): string {
  const distinct = [...new Set(rates.length > 0 ? rates : [TAX_PERCENT])];
  return distinct.length === 1 ? `Tax (${distinct[0]}%)` : "Tax";
}

/** The rates a cart's lines are taxed at by the shop's classes (`taxRates` of the delivery quote). */
export const lineRates = (
  lines: readonly { taxClass?: string | undefined }[],
  taxRates: readonly TaxRate[] | undefined,
): number[] => {
  const rateOf = new Map((taxRates ?? []).map((tax) => [tax.id, tax.rate]));
  const standard = rateOf.get(STANDARD_TAX_CLASS) ?? TAX_PERCENT;
  return lines.map((line) => rateOf.get(line.taxClass ?? STANDARD_TAX_CLASS) ?? standard);
};

/** A promotion's part of the totals (docs/decisions/049): what it took off the items, and its code. */
export interface DiscountShown {
  discountPrice: number;
  code: string;
}

/**
 * Subtotal, a promotion's discount, shipping, tax and total — the same rows on the cart, the preview
 * and the order (total = subtotal − discount + shipping + tax).
 */
export function PriceSummary({
  prices,
  taxRates = [],
  discount,
}: {
  prices: Prices;
  taxRates?: readonly number[];
  discount?: DiscountShown | undefined;
}) {
  return (
    <Stack gap={8} component="dl" m={0}>
      <SummaryRow label="Subtotal" value={formatMoney(prices.itemsPrice)} />
      {discount && discount.discountPrice > 0 && (
        <SummaryRow label={`Discount (${discount.code})`} value={`−${formatMoney(discount.discountPrice)}`} />
      )}
      <SummaryRow
        label="Shipping"
        value={prices.shippingPrice === 0 ? "Free" : formatMoney(prices.shippingPrice)}
      />
      <SummaryRow label={taxLabel(taxRates)} value={formatMoney(prices.taxPrice)} />
      {/* Hidden from screen readers: a <dl> holds only its dt/dd rows (axe: definition-list). */}
      <Divider my={4} aria-hidden />
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
