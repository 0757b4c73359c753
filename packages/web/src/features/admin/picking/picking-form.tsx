import { formatMoney, toCents, toDollars } from "@fruit/core/browser/money";
import type { Order } from "@fruit/core/browser/orders";
import type { FinalAnswer } from "@fruit/core/browser/picking";
import { Alert, Button, Grid, Stack } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "../../../lib/api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { notifyError, notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { useRecordFinal } from "./api.ts";
import { FinalPreview } from "./final-preview.tsx";
import { PickLine } from "./pick-line.tsx";
import { finalOf, lineDraftOf, type PickDraft, startDraft } from "./picking.ts";

/** Tells the admin what was recorded and what became of the weight adjustment at PayPal. */
function report({ order, refund }: FinalAnswer): void {
  const recorded = `Final charge of ${formatMoney(order.finalPrice ?? order.totalPrice)} recorded`;
  if (!refund) notifySuccess(`${recorded}; nothing to give back`);
  else if (refund.status === "completed")
    notifySuccess(`${recorded}; ${formatMoney(refund.amount)} given back through PayPal`);
  else if (refund.status === "pending")
    notifyInfo(`${recorded}; ${formatMoney(refund.amount)} sent back, PayPal has not confirmed it yet`);
  else
    notifyError(
      `${recorded}, but PayPal refused to give back ${formatMoney(refund.amount)}: refund it from the order screen`,
    );
}

/**
 * The picking of a paid order: each line's amount picked (or Unavailable, and where allowed its
 * substitute), the live preview of the final charge, and Record final charge — confirmed, then sent
 * with an Idempotency-Key kept while the same submission is retried. The server's refusal is shown
 * under the preview; on success the admin is told the refund's fate and taken back to the order.
 */
export function PickingForm({ order }: { order: Order }) {
  const recordFinal = useRecordFinal();
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  const [draft, setDraft] = useState<PickDraft>(() => startDraft(order.orderItems));
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const result = finalOf(order, draft);
  const charge = result.ok ? result.charge : undefined;

  const submit = async () => {
    if (!result.ok) return;
    const back = toDollars(toCents(order.totalPrice) - result.charge.totalCents);
    const total = formatMoney(toDollars(result.charge.totalCents));
    if (
      !(await confirm(
        back > 0
          ? `Record the final charge of ${total} and give back ${formatMoney(back)} through PayPal?`
          : `Record the final charge of ${total}?`,
      ))
    )
      return;
    setPending(true);
    setProblem(null);
    try {
      report(await recordFinal(order._id, result.body, key));
      navigate(`/order/${order._id}`);
    } catch (error) {
      setProblem(errorMessage(error));
      // A refusal recorded nothing: the next attempt is a new one. Anything else may have reached
      // the server: the same key makes sure it is recorded once.
      const status = (error as { status?: number }).status;
      if (status === 400 || status === 409) setKey(newIdempotencyKey());
    } finally {
      setPending(false);
    }
  };

  return (
    <Grid gap="xl">
      {confirmDialog}
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {order.orderItems.map((line, index) => {
            const taken = Object.entries(draft).flatMap(([id, other]) =>
              id !== line._id && other.substitute ? [other.substitute.product._id] : [],
            );
            return (
              <PickLine
                key={line._id}
                line={line}
                draft={lineDraftOf(draft, line)}
                errors={result.ok ? undefined : result.errors[line._id]}
                amount={charge?.lines[index]}
                exclude={[...order.orderItems.map((item) => item._id), ...taken]}
                onChange={(next) => setDraft((current) => ({ ...current, [line._id]: next }))}
              />
            );
          })}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <FinalPreview charge={charge} shippingPrice={order.shippingPrice} paid={order.totalPrice} />
          {problem && (
            <Alert color="red" variant="light" role="alert" title="Final charge not recorded">
              {problem}
            </Alert>
          )}
          <Button size="md" loading={pending} disabled={!result.ok} onClick={() => void submit()}>
            Record final charge
          </Button>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
