import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { log } from "../log.ts";
import { paymentStore } from "./payment.store.ts";
import { provider } from "./provider.ts";
import { reconcilePaypalOrder } from "./reconcile.ts";

/**
 * PayPal webhooks (POST /api/webhooks/paypal; docs/decisions/030-refunds.md). Every delivery is
 * verified by PayPal itself (verify-webhook-signature, with the transmission headers, this stage's
 * webhook id and the event exactly as received); a delivery that fails is logged and changes
 * nothing. A verified event is applied once, by its id: the event only says *which* PayPal order
 * changed; what changed is read from PayPal (reconcile.ts), so a redelivered, late or out-of-order
 * event cannot move an order backwards.
 */

/** The capture events that move an order. */
export const CAPTURE_EVENTS = [
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.DECLINED",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
] as const;

/** What a delivery did: applied now, applied before, or an event of no interest (acknowledged). */
export type WebhookOutcome = "applied" | "duplicate" | "ignored";

interface WebhookEvent {
  id: string;
  event_type: string;
  resource: {
    id?: unknown;
    links?: unknown;
    supplementary_data?: { related_ids?: { order_id?: unknown } };
  };
}

const PAYPAL_ID = /^[A-Za-z0-9-]{1,100}$/;

function forged(reason: string, details: Record<string, unknown>): AppError {
  log("warn", "PayPal webhook refused", { reason, ...details });
  return new AppError("invalid", "The webhook could not be verified");
}

function parseEvent(rawEvent: string): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawEvent);
  } catch {
    throw new AppError("invalid", "The request body is not valid JSON");
  }
  const e = event as Partial<WebhookEvent> | null;
  if (
    typeof e !== "object" ||
    e === null ||
    typeof e.id !== "string" ||
    !PAYPAL_ID.test(e.id) ||
    typeof e.event_type !== "string" ||
    typeof e.resource !== "object" ||
    e.resource === null
  ) {
    throw new AppError("invalid", "The request body is not a PayPal webhook event");
  }
  return e as WebhookEvent;
}

/** The capture an event is about: a refund's "up" link names it; a capture event is the capture. */
function captureIdOf(event: WebhookEvent): string | undefined {
  const links = Array.isArray(event.resource.links)
    ? (event.resource.links as { rel?: unknown; href?: unknown }[])
    : [];
  for (const link of links) {
    if (link.rel !== "up" || typeof link.href !== "string") continue;
    const match = /\/v2\/payments\/captures\/([A-Za-z0-9-]+)$/.exec(link.href);
    if (match?.[1]) return match[1];
  }
  const id = event.resource.id;
  return typeof id === "string" && PAYPAL_ID.test(id) ? id : undefined;
}

/** The capture as PayPal reports it, or undefined when PayPal does not know it (logged). */
async function knownCapture(captureId: string) {
  try {
    return await provider().getCapture(captureId);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "invalid") throw error;
    log("warn", "PayPal webhook names an unknown capture", { captureId });
    return undefined;
  }
}

/**
 * Verifies and applies one delivery. `header` reads a request header (any case). Throws 400 for a
 * delivery that fails verification (PayPal retries it, which only matters for a genuine one that hit
 * a transient failure) and 503 when the stage has no webhook id configured.
 */
export async function receivePaypalWebhook(
  header: (name: string) => string | undefined,
  rawEvent: string,
): Promise<WebhookOutcome> {
  const event = parseEvent(rawEvent);
  const webhookId = getConfig().paypalWebhookId;
  if (!webhookId) {
    log("error", "PAYPAL_WEBHOOK_ID is not set: webhook refused", { eventId: event.id });
    throw new AppError("unavailable", "Webhooks are not configured");
  }
  const delivery = {
    authAlgo: header("paypal-auth-algo") ?? "",
    certUrl: header("paypal-cert-url") ?? "",
    transmissionId: header("paypal-transmission-id") ?? "",
    transmissionSig: header("paypal-transmission-sig") ?? "",
    transmissionTime: header("paypal-transmission-time") ?? "",
    webhookId,
    rawEvent,
  };
  const details = { eventId: event.id, eventType: event.event_type, transmissionId: delivery.transmissionId };
  if (
    !delivery.authAlgo ||
    !delivery.certUrl ||
    !delivery.transmissionId ||
    !delivery.transmissionSig ||
    !delivery.transmissionTime
  ) {
    throw forged("missing transmission headers", details);
  }
  if (!(await provider().verifyWebhook(delivery))) throw forged("signature not verified by PayPal", details);
  if (await paymentStore.wasApplied(event.id)) return "duplicate";
  let outcome: WebhookOutcome = "ignored";
  if ((CAPTURE_EVENTS as readonly string[]).includes(event.event_type)) {
    const captureId = captureIdOf(event);
    // The event names the capture; PayPal tells which order it belongs to and what it says now.
    const capture = captureId ? await knownCapture(captureId) : undefined;
    if (capture) {
      const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
      if (typeof paypalOrderId === "string" && PAYPAL_ID.test(paypalOrderId)) {
        const orderId = await reconcilePaypalOrder(paypalOrderId);
        outcome = "applied";
        log("info", "PayPal webhook applied", { ...details, orderId });
      }
    }
  }
  await paymentStore.markApplied(event.id, event.event_type);
  return outcome;
}
