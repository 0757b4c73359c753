import type { PaymentMethod } from "@fruit/core/browser/orders";
import { Alert, Button, Card, Radio, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";
import { useT } from "../../../i18n/intl.tsx";
import { shop, useShop } from "../../../lib/shop-store.ts";
import { isAddressComplete } from "./address-complete.ts";

/** docs/product.md §8. */
export const ADD_ADDRESS_FIRST: MessageDescriptor = defineMessage({
  id: "payment.addressFirst",
  defaultMessage: "Add Your Shipping Address First",
});

const OPTIONS: { value: PaymentMethod; label: MessageDescriptor; description: MessageDescriptor }[] = [
  {
    value: "PayPal",
    label: defineMessage({ id: "payment.paypal", defaultMessage: "PayPal" }),
    description: defineMessage({ id: "payment.paypal.help", defaultMessage: "Pay with your PayPal wallet." }),
  },
  {
    value: "Card",
    label: defineMessage({ id: "payment.card", defaultMessage: "Card" }),
    description: defineMessage({
      id: "payment.card.help",
      defaultMessage: "Debit or credit card, processed by PayPal.",
    }),
  },
];

/** Payment Details: PayPal (default) or Card; Place Order saves the choice and opens the preview. */
export function PaymentPanel() {
  const address = useShop((s) => s.shippingAddress);
  const savedMethod = useShop((s) => s.paymentMethod);
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod>(savedMethod || "PayPal");
  const ready = isAddressComplete(address);
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    shop.savePaymentMethod(method);
    navigate("/placeorder");
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      id="payment"
      component="section"
      aria-labelledby="payment-title"
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} size="h3" id="payment-title">
            {t({ id: "payment.title", defaultMessage: "Payment Details" })}
          </Title>
          {!ready && (
            <Alert color="red" variant="filled" role="alert">
              {t(ADD_ADDRESS_FIRST)}
            </Alert>
          )}
          <Radio.Group
            label={t({ id: "payment.method", defaultMessage: "Payment method" })}
            value={method}
            onChange={(value) => setMethod(value as PaymentMethod)}
          >
            <Stack gap="sm" mt="xs">
              {OPTIONS.map((option) => (
                <Radio.Card key={option.value} value={option.value} radius="md" p="md" disabled={!ready}>
                  <Stack gap={2}>
                    <Radio.Indicator aria-hidden="true" />
                    <Text fw={700}>{t(option.label)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(option.description)}
                    </Text>
                  </Stack>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Button type="submit" radius="xl" color="orange" size="md" disabled={!ready}>
            {t({ id: "payment.placeOrder", defaultMessage: "Place Order" })}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
