import { formatMoney, isWholeCents } from "@fruit/core/browser/money/pricing";
import { formatQuantity, toBase } from "@fruit/core/browser/money/quantity";
import type { Order } from "@fruit/core/browser/orders/order.schema";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../../../lib/api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { type RefundRequest, useRefundOrder } from "./api/use-refund-order.ts";

type RefundFields = Pick<
  Order,
  "_id" | "isPaid" | "isCancelled" | "isDelivered" | "totalPrice" | "refundedPrice" | "orderItems"
>;

type Mode = "lines" | "amount" | "cancel";

/**
 * What the form would send, or the first problem with it (shown under the form). Quantities are in
 * each product's unit; the server computes the money (docs/decisions/030-refunds.md).
 */
export function refundRequestOf(
  order: RefundFields,
  form: {
    mode: Mode;
    amount: string;
    quantities: Record<string, string>;
    reason: string;
    restock: boolean;
  },
): RefundRequest | string {
  const reason = form.reason.trim();
  if (!reason) return "Please give a reason for the refund";
  if (form.mode === "cancel") return { cancel: true, reason, restock: form.restock };
  if (form.mode === "amount") {
    const amount = Number(form.amount);
    if (!form.amount || !Number.isFinite(amount) || amount <= 0) return "Please enter an amount above $0.00";
    if (!isWholeCents(amount)) return "The amount must be whole cents";
    return { amount, reason, restock: false };
  }
  const lines: { _id: string; quantity: number }[] = [];
  for (const line of order.orderItems) {
    const raw = form.quantities[line._id] ?? "";
    if (raw === "" || Number(raw) === 0) continue;
    const quantity = Number(raw);
    if (!Number.isFinite(quantity) || quantity < 0 || toBase(line.unit, quantity) === undefined) {
      return `${line.name}: ${line.unit === "kg" ? "at most 3 decimals (whole grams)" : "whole pieces only"}`;
    }
    if (quantity > line.quantity)
      return `${line.name}: at most ${formatQuantity(line.unit, line.quantity)} was bought`;
    lines.push({ _id: line._id, quantity });
  }
  if (lines.length === 0) return "Please enter a quantity to refund for at least one line";
  return { lines, reason, restock: form.restock };
}

/** The confirmation's text: what will be refunded, and whether stock goes back on sale. */
function confirmation(order: RefundFields, request: RefundRequest, left: number): string {
  if (request.cancel)
    return `Cancel this order and refund everything left (${formatMoney(left)}) through PayPal${request.restock ? ", putting its items back on sale" : ""}?`;
  if (request.amount !== undefined)
    return `Refund ${formatMoney(request.amount)} to the customer through PayPal?`;
  const what = (request.lines ?? [])
    .map((line) => {
      const ordered = order.orderItems.find((item) => item._id === line._id);
      return ordered ? `${formatQuantity(ordered.unit, line.quantity)} of ${ordered.name}` : line._id;
    })
    .join(", ");
  return `Refund ${what} (with its tax) to the customer through PayPal${request.restock ? ", and put it back on sale" : ""}?`;
}

/**
 * The admin's refund form on a paid order (lazy-loaded on the order screen): by lines (quantities in
 * each product's unit, optionally restocked), by amount, or cancelling an undelivered order (all that
 * is left refunded), with a reason; confirmed before it is
 * sent; the server's refusal (more than is left, PayPal's) is shown under the form. A retry of the
 * same refund after a failure reuses its Idempotency-Key, so it is never made twice.
 */
export function RefundOrderForm({ order, onRefunded }: { order: RefundFields; onRefunded: () => void }) {
  const refundOrder = useRefundOrder();
  const [confirm, confirmDialog] = useConfirm();
  const [mode, setMode] = useState<Mode>("lines");
  const [amount, setAmount] = useState("");
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState("");
  const [restock, setRestock] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  if (!order.isPaid || order.isCancelled) return null;
  const left = Math.max(0, Math.round((order.totalPrice - order.refundedPrice) * 100) / 100);
  if (left <= 0) return null;

  const submit = async () => {
    const request = refundRequestOf(order, { mode, amount, quantities, reason, restock });
    if (typeof request === "string") {
      setProblem(request);
      return;
    }
    setProblem(null);
    if (!(await confirm(confirmation(order, request, left)))) return;
    setPending(true);
    try {
      const answer = await refundOrder(order._id, request, key);
      notifySuccess(
        answer.refund.status === "pending"
          ? `Refund of ${formatMoney(answer.refund.amount)} sent; PayPal has not confirmed it yet`
          : `Refunded ${formatMoney(answer.refund.amount)}`,
      );
      setKey(newIdempotencyKey());
      setAmount("");
      setQuantities({});
      setReason("");
      onRefunded();
    } catch (error) {
      setProblem(errorMessage(error));
      // A refusal made no refund: the next attempt is a new one. Anything else may have reached
      // the server: the same key makes sure it is not made twice.
      if ((error as { status?: number }).status === 409 || (error as { status?: number }).status === 400)
        setKey(newIdempotencyKey());
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" mt="md" component="section" aria-label="Refund">
      {confirmDialog}
      <Title order={2} size="h4" mb="xs">
        Refund
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        At most {formatMoney(left)} is left to refund.
      </Text>
      <Stack gap="sm">
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data={[
            { label: "By lines", value: "lines" },
            { label: "By amount", value: "amount" },
            ...(order.isDelivered ? [] : [{ label: "Cancel order", value: "cancel" }]),
          ]}
        />
        {mode === "cancel" ? (
          <>
            <Text size="sm">
              Cancels the undelivered order and refunds everything left: {formatMoney(left)}.
            </Text>
            <Checkbox
              label="Put the items not yet refunded back on sale"
              checked={restock}
              onChange={(event) => setRestock(event.currentTarget.checked)}
            />
          </>
        ) : mode === "lines" ? (
          <>
            {order.orderItems.map((line) => (
              <NumberInput
                key={line._id}
                label={`${line.name} (bought ${formatQuantity(line.unit, line.quantity)})`}
                suffix={line.unit === "kg" ? " kg" : " pcs"}
                min={0}
                max={line.quantity}
                step={line.step}
                decimalScale={line.unit === "kg" ? 3 : 0}
                value={quantities[line._id] ?? ""}
                onChange={(value) => setQuantities((q) => ({ ...q, [line._id]: String(value) }))}
              />
            ))}
            <Checkbox
              label="Put the refunded quantities back on sale"
              checked={restock}
              onChange={(event) => setRestock(event.currentTarget.checked)}
            />
          </>
        ) : (
          <NumberInput
            label="Amount"
            prefix="$"
            min={0}
            max={left}
            decimalScale={2}
            value={amount}
            onChange={(value) => setAmount(String(value))}
          />
        )}
        <TextInput
          label="Reason"
          placeholder="Shown to the customer, e.g. Bruised on arrival"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button color="red" loading={pending} onClick={() => void submit()}>
            Refund
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
