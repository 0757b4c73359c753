import { Container, Grid, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useT } from "../../../i18n/intl.tsx";
import { shop, useShop } from "../../../lib/shop-store.ts";
import { isAddressComplete } from "./address-complete.ts";
import { DeliveryStep } from "./delivery-step.tsx";
import { PaymentPanel } from "./payment-panel.tsx";
import { ShippingForm } from "./shipping-form.tsx";

/** /checkout (#shipping, #payment) — the address form and the payment choice side by side. */
export function CheckoutPage() {
  const ready = useShop((s) => isAddressComplete(s.shippingAddress));
  const t = useT();
  // docs/product.md §4: full-box is turned off on entering checkout (coming back from the map).
  useEffect(() => shop.setFullBox(false), []);
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb={4}>
        {t({ id: "checkout.title", defaultMessage: "Checkout" })}
      </Title>
      <Text c="dimmed" mb="xl">
        {ready
          ? t({ id: "checkout.step2", defaultMessage: "Step 2 of 3: choose how you pay." })
          : t({ id: "checkout.step1", defaultMessage: "Step 1 of 3: tell us where to deliver." })}
      </Text>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ShippingForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PaymentPanel />
        </Grid.Col>
        <Grid.Col span={12}>
          <DeliveryStep />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
