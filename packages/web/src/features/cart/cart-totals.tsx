import { FREE_SHIPPING_OVER, formatMoney, priceLines } from "@fruit/core/browser/money";
import { Button, Card, Progress, Stack, Text, Title } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { lineRates, PriceSummary } from "../../components/price-summary.tsx";
import { type CartItem, useShop } from "../../lib/shop-store.ts";
import { shippingOfQuote, useDeliveryQuote, ZoneNote } from "../delivery/index.ts";
import { usePromotionPreview } from "./api/use-promotion-preview.ts";
import { PromoCodeField } from "./promo-code-field.tsx";

/**
 * Subtotal, shipping, tax and total from the one pricing function (docs/decisions/002-server-decides-prices.md resolves the
 * flat $45 cart shipping to the checkout rule), and Check Out: a visitor signs in first.
 */
export function CartTotals({ items }: { items: CartItem[] }) {
  const signedIn = useShop((s) => s.userInfo !== null);
  const navigate = useNavigate();
  const address = useShop((s) => s.shippingAddress);
  const itemsPrice = priceLines(items).itemsPrice;
  // With a saved address, its delivery zone prices shipping (docs/decisions/046-zones-and-tax-classes.md).
  const quote = useDeliveryQuote(address, itemsPrice);
  const code = useShop((s) => s.promoCode);
  const promo = usePromotionPreview(code, items, address);
  // With a code that applies, the server's preview prices the cart (the split is the server's).
  const applied = code && !promo.error ? promo.data : undefined;
  const prices = applied ?? priceLines(items, shippingOfQuote(quote.data));
  const zoned = Boolean(quote.data?.zone) || Boolean(quote.error);
  const toFree = Math.max(0, Math.round((FREE_SHIPPING_OVER - prices.itemsPrice) * 100) / 100);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="cart-totals-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="cart-totals-title">
          Order summary
        </Title>
        <PromoCodeField code={code} items={items} preview={applied} error={promo.error} />
        <PriceSummary
          prices={prices}
          taxRates={lineRates(items, quote.data?.taxRates)}
          discount={applied && { discountPrice: applied.discountPrice, code: applied.code }}
        />
        {zoned ? (
          <ZoneNote quote={quote.data} error={quote.error} itemsPrice={prices.itemsPrice} />
        ) : prices.shippingPrice > 0 ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Add {formatMoney(toFree === 0 ? 0.01 : toFree)} more for free shipping (orders over $
              {FREE_SHIPPING_OVER}).
            </Text>
            <Progress
              value={(prices.itemsPrice / FREE_SHIPPING_OVER) * 100}
              color="orange"
              aria-label="Progress towards free shipping"
            />
          </Stack>
        ) : (
          <Text size="sm" c="green.8" fw={600}>
            Your order ships free.
          </Text>
        )}
        <Button
          size="md"
          radius="xl"
          color="orange"
          onClick={() => navigate(signedIn ? "/checkout" : "/login?redirect=/checkout")}
        >
          Check Out
        </Button>
      </Stack>
    </Card>
  );
}
