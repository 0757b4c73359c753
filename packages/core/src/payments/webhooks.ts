import * as v from "valibot";
import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { ForeignDataError, isOneOf, parseForeign } from "../foreign.ts";
import { log } from "../log.ts";
import { provider } from "../paypal/provider.ts";
import { paymentStore } from "./payment.store.ts";
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

const PAYPAL_ID = /^[A-Za-z0-9-]{1,100}$/;

/*
 * The event is a foreign edge (foreign.ts), parsed by name before anything reads it: the envelope
 * always, the resource of the capture events (the only ones read) too. A malformed body is a 400
 * naming the field; nothing is applied.
 */
const EVENT_EDGE = "PayPal webhook event";

const WebhookEventSchema = v.object({
  id: v.pipe(v.string(), v.regex(PAYPAL_ID, "not a PayPal id")),
  event_type: v.string(),
  /** Its shape depends on the event type: read only through CaptureResourceSchema. */
  resource: v.record(v.string(), v.unknown()),
});

/** A capture event's resource: the capture itself, or a refund linked "up" to its capture. */
const CaptureResourceSchema = v.object({
  id: v.optional(v.string()),
  links: v.optional(v.array(v.object({ rel: v.optional(v.string()), href: v.optional(v.string()) }))),
});

type CaptureResource = v.InferOutput<typeof CaptureResourceSchema>;
const CaptureEventSchema = v.object({ resource: CaptureResourceSchema });

/** An event as read: its id and type, and the resource of a capture event (undefined for others). */
interface WebhookEvent {
  id: string;
  event_type: string;
  capture: CaptureResource | undefined;
}

function forged(reason: string, details: Record<string, unknown>): AppError {
  log("warn", "PayPal webhook refused", { reason, ...details });
  return new AppError("WEBHOOK_UNVERIFIED", "The webhook could not be verified");
}

function parseEvent(rawEvent: string): WebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawEvent);
  } catch {
    throw new AppError("MALFORMED_REQUEST", "The request body is not valid JSON");
  }
  try {
    const { id, event_type } = parseForeign(EVENT_EDGE, WebhookEventSchema, json);
    const capture = isOneOf(CAPTURE_EVENTS, event_type)
      ? parseForeign(EVENT_EDGE, CaptureEventSchema, json).resource
      : undefined;
    return { id, event_type, capture };
  } catch (error) {
    if (!(error instanceof ForeignDataError)) throw error;
    log("warn", "PayPal webhook refused", { reason: error.message });
    throw new AppError(
      "WEBHOOK_UNVERIFIED",
      `The request body is not a PayPal webhook event (${error.message})`,
    );
  }
}

/** The capture an event is about: a refund's "up" link names it; a capture event is the capture. */
function captureIdOf(resource: CaptureResource): string | undefined {
  for (const link of resource.links ?? []) {
    if (link.rel !== "up" || link.href === undefined) continue;
    const match = /\/v2\/payments\/captures\/([A-Za-z0-9-]+)$/.exec(link.href);
    if (match?.[1]) return match[1];
  }
  const id = resource.id;
  return id !== undefined && PAYPAL_ID.test(id) ? id : undefined;
}

/** The capture as PayPal reports it, or undefined when PayPal does not know it (logged). */
async function knownCapture(captureId: string) {
  try {
    return await provider().getCapture(captureId);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "UNKNOWN_PAYMENT") throw error;
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
    throw new AppError("UNAVAILABLE", "Webhooks are not configured");
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
  // Applied once (db/once.ts): claim the event, apply it, settle it under the claim.
  const claim = await paymentStore.claimEvent(event.id, event.event_type);
  if ("state" in claim) {
    if (claim.state === "applied") return "duplicate";
    // Another delivery is applying it now: PayPal delivers it again, and it is settled by then.
    throw new AppError("IN_PROGRESS", "This event is being applied; deliver it again later");
  }
  let outcome: WebhookOutcome = "ignored";
  if (event.capture) {
    const captureId = captureIdOf(event.capture);
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
  await paymentStore.settleEvent(event.id, claim.claimed);
  return outcome;
}
