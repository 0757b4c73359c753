import { formatMoney, formatQuantity, PRECISION_TEXT, toBase } from "@fruit/core/browser/money";
import type { Order } from "@fruit/core/browser/orders";
import { type RefundInput, RefundInputSchema } from "@fruit/core/browser/refunds";
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
import { type FieldErrors, type FormField, parseForm } from "../../../lib/form-errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { useRefundOrder } from "./api/use-refund-order.ts";

type RefundFields = Pick<
  Order,
  "_id" | "isPaid" | "isCancelled" | "isDelivered" | "totalPrice" | "refundedPrice" | "orderItems"
>;

type Mode = "lines" | "amount" | "cancel";

/** The form's messages, by field of core's refund request (reason, amount, lines). */
type RefundErrors = FieldErrors<FormField<typeof RefundInputSchema>>;

/** The lines the admin filled in (empty and zero quantities are not refunded). */
const filledLines = (order: RefundFields, quantities: Record<string, string>) =>
  order.orderItems
    .filter((line) => (quantities[line._id] ?? "") !== "" && Number(quantities[line._id]) !== 0)
    .map((line) => ({ _id: line._id, quantity: Number(quantities[line._id]) }));

/** What only the order knows (the server checks it too): each line's precision, and at most what was bought. */
function lineProblem(order: RefundFields, lines: readonly { _id: string; quantity: number }[]) {
  for (const { _id, quantity } of lines) {
    const line = order.orderItems.find((item) => item._id === _id);
    if (!line) continue;
    if (toBase(line.unit, quantity) === undefined) return `${line.name}: ${PRECISION_TEXT[line.unit]}`;
    if (quantity > line.quantity)
      return `${line.name}: at most ${formatQuantity(line.unit, line.quantity)} was bought`;
  }
  return undefined;
}

/**
 * What the form would send, validated with the server's own schema (core's RefundInputSchema, through
 * the one form adapter, lib/form-errors.ts), or the messages to show under its fields. Quantities are
 * in each product's unit; the server computes the money (docs/decisions/030-refunds.md).
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
): { ok: true; output: RefundInput } | { ok: false; errors: RefundErrors } {
  const { reason, restock } = form;
  const body =
    form.mode === "cancel"
      ? { cancel: true, reason, restock }
      : form.mode === "amount"
        ? { amount: form.amount === "" ? Number.NaN : Number(form.amount), reason, restock: false }
        : { lines: filledLines(order, form.quantities), reason, restock };
  const result = parseForm(RefundInputSchema, body, { abortPipeEarly: true });
  const problem = result.ok ? lineProblem(order, result.output.lines ?? []) : undefined;
  return problem ? { ok: false, errors: { lines: problem } } : result;
}

/** The confirmation's text: what will be refunded, and whether stock goes back on sale. */
function confirmation(order: RefundFields, request: RefundInput, left: number): string {
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
  const [errors, setErrors] = useState<RefundErrors>({});
  const [pending, setPending] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  if (!order.isPaid || order.isCancelled) return null;
  const left = Math.max(0, Math.round((order.totalPrice - order.refundedPrice) * 100) / 100);
  if (left <= 0) return null;

  const submit = async () => {
    const checked = refundRequestOf(order, { mode, amount, quantities, reason, restock });
    setProblem(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const request = checked.output;
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
            {errors.lines && (
              <Text size="sm" c="red" role="alert">
                {errors.lines}
              </Text>
            )}
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
            error={errors.amount}
            onChange={(value) => setAmount(String(value))}
          />
        )}
        <TextInput
          label="Reason"
          placeholder="Shown to the customer, e.g. Bruised on arrival"
          value={reason}
          error={errors.reason}
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
