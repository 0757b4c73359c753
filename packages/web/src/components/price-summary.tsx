import { type Prices, STANDARD_TAX_CLASS, TAX_PERCENT, type TaxRate } from "@fruit/core/browser/money";
import { Divider, Group, Stack, Text } from "@mantine/core";
import { useFormat, useT } from "../i18n/intl.tsx";

/**
 * The tax row's rate: the one rate while every line is taxed at it (the shop's original rule: "Tax
 * (15%)"), else none ("Tax"), since the lines' classes differ (docs/decisions/046-zones-and-tax-classes.md).
 */
export function taxRate(rates: readonly number[]): number | undefined {
  const distinct = [...new Set(rates.length > 0 ? rates : [TAX_PERCENT])];
  return distinct.length === 1 ? distinct[0] : undefined;
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
  const t = useT();
  const format = useFormat();
  const rate = taxRate(taxRates);
  return (
    <Stack gap={8} component="dl" m={0}>
      <SummaryRow
        label={t({ id: "summary.subtotal", defaultMessage: "Subtotal" })}
        value={format.money(prices.itemsPrice)}
      />
      {discount && discount.discountPrice > 0 && (
        <SummaryRow
          label={t({ id: "summary.discount", defaultMessage: "Discount ({code})" }, { code: discount.code })}
          value={`−${format.money(discount.discountPrice)}`}
        />
      )}
      <SummaryRow
        label={t({ id: "summary.shipping", defaultMessage: "Shipping" })}
        value={
          prices.shippingPrice === 0
            ? t({ id: "summary.free", defaultMessage: "Free" })
            : format.money(prices.shippingPrice)
        }
      />
      <SummaryRow
        label={
          rate === undefined
            ? t({ id: "summary.tax", defaultMessage: "Tax" })
            : t({ id: "summary.taxRate", defaultMessage: "Tax ({rate, number}%)" }, { rate })
        }
        value={format.money(prices.taxPrice)}
      />
      {/* Hidden from screen readers: a <dl> holds only its dt/dd rows (axe: definition-list). */}
      <Divider my={4} aria-hidden />
      <SummaryRow
        label={t({ id: "summary.total", defaultMessage: "Total" })}
        value={format.money(prices.totalPrice)}
        strong
      />
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
