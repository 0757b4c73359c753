import { type Prices, toCents, toDollars } from "@fruit/core/browser/money";
import type { Order } from "@fruit/core/browser/orders";
import { Stack, Text } from "@mantine/core";
import { SummaryRow } from "../../../components/price-summary.tsx";
import { useFormat, useT } from "../../../i18n/intl.tsx";

type FinalFields = Pick<
  Order,
  | "itemsPrice"
  | "shippingPrice"
  | "taxPrice"
  | "totalPrice"
  | "finalItemsPrice"
  | "finalTaxPrice"
  | "finalPrice"
>;

/** The order's money as charged: its final figures once it has them, else what was approved. */
export const chargedPrices = (order: FinalFields): Prices =>
  order.finalPrice === null
    ? order
    : {
        itemsPrice: order.finalItemsPrice ?? order.itemsPrice,
        shippingPrice: order.shippingPrice,
        taxPrice: order.finalTaxPrice ?? order.taxPrice,
        totalPrice: order.finalPrice,
      };

/**
 * An order's promotion as its totals show it (docs/decisions/049): the final's discount once picked,
 * else the one placed with; undefined without a code.
 */
export const chargedDiscount = (
  order: Pick<Order, "promotion" | "discountPrice" | "finalDiscountPrice" | "finalPrice">,
) =>
  order.promotion
    ? {
        code: order.promotion.code,
        discountPrice: order.finalPrice === null ? order.discountPrice : (order.finalDiscountPrice ?? 0),
      }
    : undefined;

/** Paid minus final, in dollars: what the weight adjustment gives back (0 before the final). */
const weightAdjustment = (order: Pick<Order, "totalPrice" | "finalPrice">): number =>
  order.finalPrice === null ? 0 : toDollars(toCents(order.totalPrice) - toCents(order.finalPrice));

/** Under a final order's totals: what was paid and, when the final is lower, the weight adjustment. */
export function FinalSummary({ order }: { order: FinalFields }) {
  const t = useT();
  const format = useFormat();
  if (order.finalPrice === null) return null;
  const back = weightAdjustment(order);
  return (
    <Stack gap={8} component="dl" m={0}>
      <SummaryRow
        label={t({ id: "order.paid", defaultMessage: "Paid" })}
        value={format.money(order.totalPrice)}
      />
      {back > 0 && (
        <SummaryRow
          label={t({ id: "final.adjustment", defaultMessage: "Weight adjustment" })}
          value={`−${format.money(back)}`}
        />
      )}
    </Stack>
  );
}

/** An order's total as charged: "$20.22 (paid $20.87)" once a final below what was paid is recorded. */
export function ChargedTotal({ order }: { order: Pick<Order, "totalPrice" | "finalPrice"> }) {
  const t = useT();
  const format = useFormat();
  if (weightAdjustment(order) <= 0) return <>{format.money(order.totalPrice)}</>;
  return (
    <>
      {format.money(order.finalPrice ?? order.totalPrice)}{" "}
      <Text span size="xs" c="dimmed" fw={400}>
        {t(
          { id: "final.paid", defaultMessage: "(paid {amount})" },
          { amount: format.money(order.totalPrice) },
        )}
      </Text>
    </>
  );
}
