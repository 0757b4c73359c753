import { AppError } from "../errors.ts";
import { toDollars } from "../money/pricing.ts";
import { orderStore } from "../orders/order.store.ts";
import type { PaymentProvider, PaypalOrder } from "./contract.ts";

/**
 * `PAYMENTS=test`: a clearly labelled stand-in for PayPal, for the local runtime and the browser tests
 * (config.ts refuses it on the production stage). It answers in PayPal's Orders v2 shape so the
 * payment goes through the same verification as a real one: a test order `TEST-<shop order id>` is
 * always approved, and capturing it pays exactly the shop order's total in USD, referencing that order.
 */
export const TEST_ORDER_PREFIX = "TEST-";
export const TEST_PAYER_EMAIL = "test-buyer@payments.test";

const shopOrderIdOf = (id: string) =>
  id.startsWith(TEST_ORDER_PREFIX) ? id.slice(TEST_ORDER_PREFIX.length) : "";

async function testOrder(id: string, captured: boolean): Promise<PaypalOrder> {
  const shopOrderId = shopOrderIdOf(id);
  const item = shopOrderId ? await orderStore.get(shopOrderId) : undefined;
  if (!item) throw new AppError("UNKNOWN_PAYMENT", "Unknown PayPal order");
  const amount = { currency_code: "USD", value: toDollars(item.totalCents).toFixed(2) };
  const done = captured || item.isPaid;
  const now = new Date().toISOString();
  return {
    id,
    status: done ? "COMPLETED" : "APPROVED",
    update_time: now,
    payer: { email_address: TEST_PAYER_EMAIL },
    purchase_units: [
      {
        reference_id: shopOrderId,
        amount,
        ...(done
          ? {
              payments: {
                captures: [
                  { id: `TEST-CAPTURE-${shopOrderId}`, status: "COMPLETED", amount, update_time: now },
                ],
              },
            }
          : {}),
      },
    ],
  };
}

const TEST_CAPTURE_PREFIX = "TEST-CAPTURE-";

/** The in-process test payment provider. Refunds are answered COMPLETED at once (the shop's own checks bound them). */
export const testProvider: PaymentProvider = {
  async createOrder({ referenceId }) {
    return { id: `${TEST_ORDER_PREFIX}${referenceId}` };
  },
  getOrder: (id) => testOrder(id, false),
  captureOrder: (id) => testOrder(id, true),
  async getCapture(id) {
    const shopOrderId = id.startsWith(TEST_CAPTURE_PREFIX) ? id.slice(TEST_CAPTURE_PREFIX.length) : "";
    const order = await testOrder(`${TEST_ORDER_PREFIX}${shopOrderId}`, false);
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) throw new AppError("UNKNOWN_PAYMENT", "Unknown PayPal capture");
    return { ...capture, supplementary_data: { related_ids: { order_id: order.id } } };
  },
  async refundCapture(captureId, { amount, requestId, customId }) {
    if (!captureId.startsWith(TEST_CAPTURE_PREFIX))
      throw new AppError("UNKNOWN_PAYMENT", "Unknown PayPal capture");
    return { id: `TEST-REFUND-${requestId}`, status: "COMPLETED", amount, custom_id: customId };
  },
  // No webhook ever comes from the test provider: any delivery claiming to be one is refused.
  async verifyWebhook() {
    return false;
  },
};
