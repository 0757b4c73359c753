import { Alert, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useT } from "../../../i18n/intl.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { createPaypalOrder, ORDER_PAID_MESSAGE, payOrder } from "./api/pay-order.ts";

/**
 * When the server runs test payments (client id "test") there is no PayPal to open: this button goes
 * through the same two server calls the PayPal buttons make, and says plainly that no money moves.
 */
export function TestPayButton({ orderId }: { orderId: string }) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  const pay = async () => {
    setBusy(true);
    try {
      await payOrder(orderId, await createPaypalOrder(orderId));
      notifySuccess(t(ORDER_PAID_MESSAGE));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light" title={t({ id: "testPay.title", defaultMessage: "Test mode" })}>
        <Text size="sm">
          {t({
            id: "testPay.text",
            defaultMessage: "This shop runs test payments: no card is charged and no money moves.",
          })}
        </Text>
      </Alert>
      <Button
        onClick={pay}
        loading={busy}
        color="yellow"
        c="dark"
        radius="xl"
        size="md"
        h="auto"
        py={10}
        styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
      >
        {t({ id: "testPay.button", defaultMessage: "Pay with test payment (no money moves)" })}
      </Button>
    </Stack>
  );
}
