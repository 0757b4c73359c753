import type { PaymentMethod } from "@fruit/core/browser/orders";
import { lazy, Suspense } from "react";
import { ErrorBlock, LoadingBlock } from "../../../components/page-states.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { TEST_PAYMENTS_CLIENT_ID, usePaypalClientId } from "./api/use-paypal-client-id.ts";
import { TestPayButton } from "./test-pay-button.tsx";

const PaypalCheckout = lazy(() =>
  import("./paypal-checkout.tsx").then((m) => ({ default: m.PaypalCheckout })),
);

/** The payment button of an unpaid order: the test payment, or PayPal (loaded only then). */
export function PaymentBox({ orderId, paymentMethod }: { orderId: string; paymentMethod: PaymentMethod }) {
  const { data: clientId, error, mutate } = usePaypalClientId(true);
  const t = useT();
  if (error) return <ErrorBlock error={error} onRetry={() => mutate()} />;
  if (clientId === undefined)
    return <LoadingBlock label={t({ id: "payment.loading", defaultMessage: "Loading payment" })} />;
  if (clientId === TEST_PAYMENTS_CLIENT_ID) return <TestPayButton orderId={orderId} />;
  return (
    <Suspense
      fallback={<LoadingBlock label={t({ id: "paypal.loading", defaultMessage: "Loading PayPal" })} />}
    >
      <PaypalCheckout clientId={clientId} orderId={orderId} paymentMethod={paymentMethod} />
    </Suspense>
  );
}
