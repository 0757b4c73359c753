import type { PaymentMethod } from "@fruit/core/browser/orders";
import { lazy, Suspense } from "react";
import { ErrorBlock, LoadingBlock } from "../../../components/page-states.tsx";
import { TEST_PAYMENTS_CLIENT_ID, usePaypalClientId } from "./api/use-paypal-client-id.ts";
import { TestPayButton } from "./test-pay-button.tsx";

const PaypalCheckout = lazy(() =>
  import("./paypal-checkout.tsx").then((m) => ({ default: m.PaypalCheckout })),
);

/** The payment button of an unpaid order: the test payment, or PayPal (loaded only then). */
export function PaymentBox({ orderId, paymentMethod }: { orderId: string; paymentMethod: PaymentMethod }) {
  const { data: clientId, error, mutate } = usePaypalClientId(true);
  if (error) return <ErrorBlock error={error} onRetry={() => mutate()} />;
  if (clientId === undefined) return <LoadingBlock label="Loading payment" />;
  if (clientId === TEST_PAYMENTS_CLIENT_ID) return <TestPayButton orderId={orderId} />;
  return (
    <Suspense fallback={<LoadingBlock label="Loading PayPal" />}>
      <PaypalCheckout clientId={clientId} orderId={orderId} paymentMethod={paymentMethod} />
    </Suspense>
  );
}
