import { priceLines } from "@fruit/core/browser/money";
import { Alert, Button, Container, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { lineRates } from "../../../components/price-summary.tsx";
import { useFormat, useT } from "../../../i18n/intl.tsx";
import { errorCode, errorMessage } from "../../../lib/api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { notifyError } from "../../../lib/notify.ts";
import { shop, useShop } from "../../../lib/shop-store.ts";
import {
  PromoCodeField,
  promoRefusal,
  refreshCartFromServer,
  usePromotionPreview,
} from "../../cart/index.ts";
import { SlotLine, shippingOfQuote, useDeliveryQuote, ZoneNote } from "../../delivery/index.ts";
import { isAddressComplete } from "../checkout/address-complete.ts";
import { OrderLayout, OrderSection, PaymentMethodLine, ShippingLines } from "../shared/order-details.tsx";
import { OrderItemsList } from "../shared/order-items-list.tsx";
import { PolicyNote } from "../shared/substitute.tsx";
import { CART_REFUSALS, createOrder, SLOT_REFUSALS } from "./api/create-order.ts";
import { SubstituteControl } from "./substitute-control.tsx";

/**
 * /placeorder — review shipping, payment, items (each with its "if sold out" choice) and totals;
 * Place Order creates the order.
 */
export function PlaceOrderPage() {
  const { cartItems, shippingAddress, paymentMethod, deliverySlot, promoCode } = useShop((s) => s);
  const navigate = useNavigate();
  // One key per attempt, kept while the page lives: a retry after a lost answer is the same attempt.
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const t = useT();
  const format = useFormat();
  const itemsPrice = priceLines(cartItems).itemsPrice;
  // The zone of the address prices shipping as the server will (docs/decisions/046-zones-and-tax-classes.md).
  const quote = useDeliveryQuote(shippingAddress, itemsPrice);
  // A code is priced by the server's preview, whose figures the order is placed with (docs/decisions/049).
  const promo = usePromotionPreview(promoCode, cartItems, shippingAddress);
  const applied = promoCode && !promo.error ? promo.data : undefined;
  const prices = applied ?? priceLines(cartItems, shippingOfQuote(quote.data));

  useEffect(() => {
    if (!isAddressComplete(shippingAddress)) navigate("/checkout", { replace: true });
    else if (!paymentMethod) navigate("/payment", { replace: true });
  }, [shippingAddress, paymentMethod, navigate]);
  if (!isAddressComplete(shippingAddress) || !paymentMethod) return null;

  const place = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      // A click before the quote answered waits for it: the figures sent are the server's (its zone's
      // shipping, its tax rates by class), not the one rule's refused as PRICES_CHANGED.
      const sent = promoCode
        ? await promo.mutate()
        : quote.isLoading
          ? priceLines(cartItems, shippingOfQuote(await quote.mutate()))
          : prices;
      if (!sent) {
        setBusy(false);
        return;
      }
      const { order } = await createOrder(
        {
          orderItems: cartItems,
          shippingAddress,
          paymentMethod,
          itemsPrice: sent.itemsPrice,
          shippingPrice: sent.shippingPrice,
          taxPrice: sent.taxPrice,
          totalPrice: sent.totalPrice,
          ...(promoCode ? { promoCode } : {}),
          ...(deliverySlot ? { deliverySlotId: deliverySlot.id } : {}),
        },
        attemptKey,
      );
      shop.clearCart();
      navigate(`/order/${order._id}`);
    } catch (error) {
      const status = (error as { status?: number }).status;
      const code = errorCode(error);
      const promoText = promoRefusal(error, t, format);
      if (promoText)
        setRefusal(
          t(
            {
              id: "place.promoRefused",
              defaultMessage: "{refusal} Remove the code to place your order without it.",
            },
            { refusal: promoText },
          ),
        );
      else if (code && CART_REFUSALS.has(code)) {
        // Stock ran out, a price changed or the delivery window filled since: show why, refresh the cart.
        setRefusal(errorMessage(error));
        if (SLOT_REFUSALS.has(code)) shop.saveDeliverySlot(null);
        await refreshCartFromServer();
      } else notifyError(error);
      if (status !== undefined && status < 500) setAttemptKey(newIdempotencyKey());
      setBusy(false);
    }
  };

  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        {t({ id: "place.title", defaultMessage: "Preview Order" })}
      </Title>
      <OrderLayout
        prices={prices}
        discount={applied && { discountPrice: applied.discountPrice, code: applied.code }}
        taxRates={lineRates(cartItems, quote.data?.taxRates)}
        sections={
          <>
            <OrderSection
              title={t({ id: "order.shipping", defaultMessage: "Shipping" })}
              edit="/checkout#shipping"
            >
              <ShippingLines address={shippingAddress} />
              {shippingAddress.location && (
                <Text size="sm" c="dimmed">
                  {t(
                    { id: "place.location", defaultMessage: "Location: {place}" },
                    {
                      place:
                        shippingAddress.location.address ||
                        t({ id: "place.location.map", defaultMessage: "chosen on the map" }),
                    },
                  )}
                </Text>
              )}
              <ZoneNote quote={quote.data} error={quote.error} itemsPrice={prices.itemsPrice} />
            </OrderSection>
            {deliverySlot && (
              <OrderSection
                title={t({ id: "order.delivery", defaultMessage: "Delivery" })}
                edit="/checkout#delivery"
              >
                <SlotLine slot={deliverySlot} />
              </OrderSection>
            )}
            <OrderSection
              title={t({ id: "order.payment", defaultMessage: "Payment" })}
              edit="/checkout#payment"
            >
              <PaymentMethodLine method={paymentMethod} />
            </OrderSection>
            <OrderSection title={t({ id: "order.items", defaultMessage: "Items" })} edit="/cart">
              {cartItems.length === 0 ? (
                <Text c="dimmed">{t({ id: "place.empty", defaultMessage: "Your cart is empty." })}</Text>
              ) : (
                <OrderItemsList items={cartItems} note={(item) => <SubstituteControl item={item} />} />
              )}
              <PolicyNote />
            </OrderSection>
          </>
        }
      >
        <PromoCodeField code={promoCode} items={cartItems} preview={applied} error={promo.error} />
        {refusal && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t({ id: "place.refused", defaultMessage: "Order not placed" })}
          >
            {t(
              {
                id: "place.refused.text",
                defaultMessage: "{refusal} Your cart now shows the current prices and stock.",
              },
              { refusal },
            )}
          </Alert>
        )}
        <Button
          size="md"
          radius="xl"
          color="orange"
          onClick={place}
          loading={busy}
          disabled={cartItems.length === 0}
        >
          {t({ id: "place.submit", defaultMessage: "Place Order" })}
        </Button>
      </OrderLayout>
    </Container>
  );
}
