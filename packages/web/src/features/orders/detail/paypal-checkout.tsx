import type { PaymentMethod } from "@fruit/core/browser/orders";
import { Alert } from "@mantine/core";
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { LoadingBlock } from "../../../components/page-states.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { createPaypalOrder, isInstrumentDeclined, ORDER_PAID_MESSAGE, payOrder } from "./api/pay-order.ts";

/**
 * The PayPal buttons (own chunk: the SDK script loads from PayPal's host, only on the order screen).
 * The wallet or the card funding source, as chosen at checkout; the server creates the PayPal order
 * for its own total and captures it on approval.
 */
export function PaypalCheckout({
  clientId,
  orderId,
  paymentMethod,
}: {
  clientId: string;
  orderId: string;
  paymentMethod: PaymentMethod;
}) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: "USD", intent: "capture" }}>
      <Buttons orderId={orderId} fundingSource={paymentMethod === "Card" ? "card" : "paypal"} />
    </PayPalScriptProvider>
  );
}

function Buttons({ orderId, fundingSource }: { orderId: string; fundingSource: "paypal" | "card" }) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const t = useT();
  if (isRejected) {
    console.error("Failed to load the PayPal script");
    return (
      <Alert color="red" role="alert">
        {t({
          id: "paypal.failed",
          defaultMessage: "PayPal could not be loaded. Check your connection and reload the page.",
        })}
      </Alert>
    );
  }
  if (isPending)
    return <LoadingBlock label={t({ id: "paypal.loading", defaultMessage: "Loading PayPal" })} />;
  return (
    <PayPalButtons
      fundingSource={fundingSource}
      style={{ layout: "vertical", shape: "pill" }}
      createOrder={() => createPaypalOrder(orderId)}
      onApprove={async (data, actions) => {
        try {
          await payOrder(orderId, data.orderID);
          notifySuccess(t(ORDER_PAID_MESSAGE));
        } catch (error) {
          // A declined instrument can be retried in the same PayPal window.
          if (isInstrumentDeclined(error)) return actions.restart();
          notifyError(error);
        }
      }}
      onError={(error) =>
        notifyError(
          error instanceof Error
            ? error
            : t({ id: "paypal.error", defaultMessage: "PayPal reported an error" }),
        )
      }
    />
  );
}
