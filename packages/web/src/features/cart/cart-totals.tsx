import { FREE_SHIPPING_OVER, priceLines } from "@fruit/core/browser/money";
import { Button, Card, Group, Progress, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { lineRates, PriceSummary } from "../../components/price-summary.tsx";
import { useFormat, useT } from "../../i18n/intl.tsx";
import { type CartItem, shop, useShop } from "../../lib/shop-store.ts";
import { shippingOfQuote, useDeliveryQuote, ZoneNote } from "../delivery/index.ts";
import { DeliverEveryWeekButton } from "../subscriptions/index.ts";
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
  // Once the shopper has said where (a postal code here or at checkout, or the map), its delivery zone
  // prices shipping (docs/decisions/046-zones-and-tax-classes.md).
  const quote = useDeliveryQuote(address, itemsPrice);
  const code = useShop((s) => s.promoCode);
  const promo = usePromotionPreview(code, items, address);
  // With a code that applies, the server's preview prices the cart (the split is the server's).
  const applied = code && !promo.error ? promo.data : undefined;
  const prices = applied ?? priceLines(items, shippingOfQuote(quote.data));
  const zoned = Boolean(quote.data?.zone) || Boolean(quote.error);
  const t = useT();
  const format = useFormat();
  const toFree = Math.max(0, Math.round((FREE_SHIPPING_OVER - prices.itemsPrice) * 100) / 100);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="cart-totals-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="cart-totals-title">
          {t({ id: "cart.summary", defaultMessage: "Order summary" })}
        </Title>
        <PromoCodeField code={code} items={items} preview={applied} error={promo.error} />
        <PriceSummary
          prices={prices}
          taxRates={lineRates(items, quote.data?.taxRates)}
          discount={applied && { discountPrice: applied.discountPrice, code: applied.code }}
        />
        {!address?.postalCode && !address?.location && <DeliverToForm />}
        {zoned ? (
          <ZoneNote quote={quote.data} error={quote.error} itemsPrice={prices.itemsPrice} />
        ) : prices.shippingPrice > 0 ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t(
                {
                  id: "cart.toFree",
                  defaultMessage: "Add {missing} more for free shipping (orders over {over}).",
                },
                {
                  missing: format.money(toFree === 0 ? 0.01 : toFree),
                  over: format.money(FREE_SHIPPING_OVER),
                },
              )}
            </Text>
            <Progress
              value={(prices.itemsPrice / FREE_SHIPPING_OVER) * 100}
              color="orange"
              aria-label={t({ id: "cart.toFree.progress", defaultMessage: "Progress towards free shipping" })}
            />
          </Stack>
        ) : (
          <Text size="sm" c="green.8" fw={600}>
            {t({ id: "cart.free", defaultMessage: "Your order ships free." })}
          </Text>
        )}
        <Button
          size="md"
          radius="xl"
          color="orange"
          onClick={() => navigate(signedIn ? "/checkout" : "/login?redirect=/checkout")}
        >
          {t({ id: "cart.checkout", defaultMessage: "Check Out" })}
        </Button>
        <DeliverEveryWeekButton
          fullWidth
          items={items.map((item) => ({ _id: item._id, name: item.name, quantity: item.quantity }))}
        />
      </Stack>
    </Card>
  );
}

/**
 * "Delivering to?": a postal code kept as the start of the shipping address (the checkout's form then
 * shows it, as it shows what was typed before choosing on the map), so the cart asks the quote of its
 * zone before checkout.
 */
function DeliverToForm() {
  const [postalCode, setPostalCode] = useState("");
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = postalCode.trim();
    if (!code) return;
    shop.saveShippingAddress({ fullName: "", address: "", city: "", country: "", postalCode: code });
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t({ id: "cart.deliverTo.form", defaultMessage: "Delivery postal code" })}
    >
      <Group gap="xs" align="end" wrap="nowrap">
        <TextInput
          label={t({ id: "cart.deliverTo", defaultMessage: "Delivering to? Postal code" })}
          autoComplete="postal-code"
          size="sm"
          style={{ flex: 1 }}
          value={postalCode}
          onChange={(event) => setPostalCode(event.currentTarget.value)}
        />
        <Button type="submit" variant="default" size="sm" radius="xl">
          {t({ id: "cart.deliverTo.check", defaultMessage: "Check delivery" })}
        </Button>
      </Group>
    </form>
  );
}
