import * as v from "valibot";

/**
 * What the shop reads of PayPal (paypal/): the answers' schemas and types, a webhook delivery, the
 * provider interface that PayPal's client (client.ts) and the local test provider (test-provider.ts)
 * both implement, and a refund PayPal refused.
 */

/*
 * PayPal's answers are a foreign edge (foreign.ts): each call parses its answer with the schema below,
 * under the call's name ("PayPal GET /v2/checkout/orders/{id}"), so a malformed answer fails there,
 * naming the field, instead of somewhere later. The schemas hold the parts the server reads; the rest
 * of an answer is dropped.
 */

export const PaypalAmountSchema = v.object({ currency_code: v.string(), value: v.string() });
export type PaypalAmount = v.InferOutput<typeof PaypalAmountSchema>;

export const PaypalCaptureSchema = v.object({
  id: v.string(),
  status: v.string(),
  amount: v.optional(PaypalAmountSchema),
  update_time: v.optional(v.string()),
  /** The PayPal order the capture belongs to. */
  supplementary_data: v.optional(
    v.object({ related_ids: v.optional(v.object({ order_id: v.optional(v.string()) })) }),
  ),
});
export type PaypalCapture = v.InferOutput<typeof PaypalCaptureSchema>;

/** A refund of a capture, as PayPal answers it. `custom_id` is our refund's id when we made it. */
export const PaypalRefundSchema = v.object({
  id: v.string(),
  status: v.string(),
  amount: v.optional(PaypalAmountSchema),
  custom_id: v.optional(v.string()),
  create_time: v.optional(v.string()),
});
export type PaypalRefund = v.InferOutput<typeof PaypalRefundSchema>;

/** The parts of a PayPal order the server reads (GET, create and capture all answer this shape). */
export const PaypalOrderSchema = v.object({
  id: v.string(),
  status: v.string(),
  update_time: v.optional(v.string()),
  payer: v.optional(v.object({ email_address: v.optional(v.string()) })),
  purchase_units: v.optional(
    v.array(
      v.object({
        reference_id: v.optional(v.string()),
        amount: v.optional(PaypalAmountSchema),
        payments: v.optional(
          v.object({
            captures: v.optional(v.array(PaypalCaptureSchema)),
            refunds: v.optional(v.array(PaypalRefundSchema)),
          }),
        ),
      }),
    ),
  ),
});
export type PaypalOrder = v.InferOutput<typeof PaypalOrderSchema>;

/** The answer of verify-webhook-signature. */
export const VerificationSchema = v.object({ verification_status: v.optional(v.string()) });

/** An OAuth token answer. */
export const TokenSchema = v.object({ access_token: v.string(), expires_in: v.optional(v.number()) });

/** The body of a 4xx (read leniently: a refusal must be told whatever its body says). */
export const RejectionSchema = v.object({
  name: v.optional(v.string()),
  details: v.optional(v.array(v.object({ issue: v.optional(v.string()) }))),
});

/** The transmission headers and the event of a webhook delivery, as received. */
export interface WebhookDelivery {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  /** The event's JSON text exactly as it arrived (PayPal checks the signature over these bytes). */
  rawEvent: string;
}

/** What the payment endpoints need from a provider: PayPal itself, or the local test provider. */
export interface PaymentProvider {
  createOrder(input: {
    referenceId: string;
    amount: PaypalAmount;
    requestId: string;
  }): Promise<{ id: string }>;
  getOrder(id: string): Promise<PaypalOrder>;
  /** Captures an approved order; an order captured before is read instead. */
  captureOrder(id: string, requestId: string): Promise<PaypalOrder>;
  /** Reads a capture (its status now, and its PayPal order). */
  getCapture(id: string): Promise<PaypalCapture>;
  /**
   * Refunds part of a capture, once per `requestId` (PayPal-Request-Id): a repeated call answers the
   * same refund. A refusal (more than is left, a capture fully refunded) throws RefundRefused.
   */
  refundCapture(
    captureId: string,
    input: { amount: PaypalAmount; requestId: string; customId: string; note: string },
  ): Promise<PaypalRefund>;
  /** PayPal's own verification of a webhook delivery's signature: true only for SUCCESS. */
  verifyWebhook(delivery: WebhookDelivery): Promise<boolean>;
}

/** PayPal refused a refund for good (its issue, e.g. REFUND_AMOUNT_EXCEEDED): nothing was refunded. */
export class RefundRefused extends Error {
  override name = "RefundRefused";
  constructor(readonly issue: string) {
    super(`PayPal refused the refund (${issue})`);
  }
}
