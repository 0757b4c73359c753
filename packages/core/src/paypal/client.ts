import * as v from "valibot";
import { AppError } from "../errors.ts";
import { parseForeign } from "../foreign.ts";
import {
  type PaymentProvider,
  PaypalCaptureSchema,
  PaypalOrderSchema,
  PaypalRefundSchema,
  RefundRefused,
  RejectionSchema,
  TokenSchema,
  VerificationSchema,
} from "./contract.ts";

/**
 * A small PayPal Orders v2 client (server side): OAuth token cached until shortly before it expires,
 * `PayPal-Request-Id` on create and capture so retries never create or capture twice, and every call
 * bounded by a timeout. PayPal being slow, down or answering 5xx is a 502 for our caller.
 */

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
}

/** PayPal answers in well under a second; past this the shopper is better told to retry. */
export const PAYPAL_TIMEOUT_MS = 10_000;
/** Tokens are renewed this long before PayPal says they expire. */
const TOKEN_MARGIN_MS = 60_000;

const unreachable = () =>
  new AppError("PAYPAL_UNREACHABLE", "PayPal is not reachable right now, please try again");

const tokens = new Map<string, { token: Promise<string>; expiresAt: number }>();
const tokenKey = (settings: PaypalSettings) => `${settings.apiBase}|${settings.clientId}`;

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS) });
  } catch {
    throw unreachable();
  }
}

async function fetchToken(settings: PaypalSettings): Promise<{ token: string; expiresInMs: number }> {
  if (!settings.clientId || !settings.clientSecret) throw unreachable();
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64");
  const res = await send(`${settings.apiBase}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw unreachable();
  const body = parseForeign(
    "PayPal POST /v1/oauth2/token",
    TokenSchema,
    await res.json().catch(() => Promise.reject(unreachable())),
  );
  return { token: body.access_token, expiresInMs: (body.expires_in ?? 300) * 1000 };
}

/** The cached access token, fetched once for concurrent callers and renewed before it expires. */
function accessToken(settings: PaypalSettings): Promise<string> {
  const key = tokenKey(settings);
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const entry = { token: Promise.resolve(""), expiresAt: Number.POSITIVE_INFINITY };
  entry.token = fetchToken(settings).then(
    ({ token, expiresInMs }) => {
      entry.expiresAt = Date.now() + expiresInMs - TOKEN_MARGIN_MS;
      return token;
    },
    (error: unknown) => {
      tokens.delete(key);
      throw error;
    },
  );
  tokens.set(key, entry);
  return entry.token;
}

/** A 4xx answer of PayPal that means something about the order (not about us). */
class PaypalRejection extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal answered ${status} ${issue}`);
  }
}

async function rejection(res: Response): Promise<Error> {
  if (res.status >= 500 || res.status === 429 || res.status === 401) return unreachable();
  const parsed = v.safeParse(RejectionSchema, await res.json().catch(() => ({})));
  const body = parsed.success ? parsed.output : {};
  return new PaypalRejection(res.status, body.details?.[0]?.issue ?? body.name ?? "UNKNOWN");
}

/** One call's route: `path` may hold `{id}`, filled in (encoded) with `id`; it names the edge. */
interface Route {
  method: "GET" | "POST";
  path: string;
  id?: string;
}

/**
 * One PayPal call, its answer parsed by `schema` under the route's name (a ForeignDataError when it
 * does not fit). `rawBody` is sent as is (webhook verification), `body` as JSON.
 */
async function call<S extends v.GenericSchema>(
  schema: S,
  settings: PaypalSettings,
  route: Route,
  sent: { requestId?: string; body?: unknown; rawBody?: string } = {},
): Promise<v.InferOutput<S>> {
  const { requestId, body, rawBody } = sent;
  const path = route.id === undefined ? route.path : route.path.replace("{id}", encodeURIComponent(route.id));
  for (let attempt = 0; ; attempt += 1) {
    const res = await send(`${settings.apiBase}${path}`, {
      method: route.method,
      headers: {
        Authorization: `Bearer ${await accessToken(settings)}`,
        "Content-Type": "application/json",
        Prefer: "return=representation",
        ...(requestId ? { "PayPal-Request-Id": requestId } : {}),
      },
      ...(rawBody !== undefined
        ? { body: rawBody }
        : body === undefined
          ? {}
          : { body: JSON.stringify(body) }),
    });
    // A token revoked before its time: forget it and ask once more.
    if (res.status === 401 && attempt === 0) {
      tokens.delete(tokenKey(settings));
      continue;
    }
    if (res.ok) {
      const answer: unknown = await res.json().catch(() => Promise.reject(unreachable()));
      return parseForeign(`PayPal ${route.method} ${route.path}`, schema, answer);
    }
    throw await rejection(res);
  }
}

/** PayPal's answer for an id it does not know, or for an order in a state that cannot be paid. */
function orderProblem(error: unknown): unknown {
  if (!(error instanceof PaypalRejection)) return error;
  if (error.status === 404 || error.issue === "INVALID_RESOURCE_ID") {
    return new AppError("UNKNOWN_PAYMENT", "Unknown PayPal order");
  }
  return new AppError("PAYMENT_DECLINED", `The payment was not completed (${error.issue})`, {
    issue: error.issue,
  });
}

/**
 * The PayPal provider for the given credentials and API base.
 *
 * @example
 * const paypal = paypalProvider(getConfig().paypal);
 * const { id } = await paypal.createOrder({ referenceId: order.id, amount: { currency_code: "USD", value: "27.22" }, requestId });
 */
export function paypalProvider(settings: PaypalSettings): PaymentProvider {
  const getOrder = (id: string) =>
    call(PaypalOrderSchema, settings, { method: "GET", path: "/v2/checkout/orders/{id}", id }).catch(
      (error: unknown) => {
        throw orderProblem(error);
      },
    );
  return {
    async createOrder({ referenceId, amount, requestId }) {
      const body = { intent: "CAPTURE", purchase_units: [{ reference_id: referenceId, amount }] };
      const created = await call(
        PaypalOrderSchema,
        settings,
        { method: "POST", path: "/v2/checkout/orders" },
        { requestId, body },
      ).catch((error: unknown) => {
        throw error instanceof PaypalRejection ? unreachable() : error;
      });
      return { id: created.id };
    },
    getOrder,
    async captureOrder(id, requestId) {
      try {
        return await call(
          PaypalOrderSchema,
          settings,
          { method: "POST", path: "/v2/checkout/orders/{id}/capture", id },
          { requestId },
        );
      } catch (error) {
        if (error instanceof PaypalRejection && error.issue === "ORDER_ALREADY_CAPTURED") return getOrder(id);
        throw orderProblem(error);
      }
    },
    async getCapture(id) {
      try {
        return await call(PaypalCaptureSchema, settings, {
          method: "GET",
          path: "/v2/payments/captures/{id}",
          id,
        });
      } catch (error) {
        throw error instanceof PaypalRejection
          ? new AppError("UNKNOWN_PAYMENT", "Unknown PayPal capture")
          : error;
      }
    },
    async refundCapture(captureId, { amount, requestId, customId, note }) {
      try {
        return await call(
          PaypalRefundSchema,
          settings,
          { method: "POST", path: "/v2/payments/captures/{id}/refund", id: captureId },
          { requestId, body: { amount, custom_id: customId, note_to_payer: note.slice(0, 255) } },
        );
      } catch (error) {
        throw error instanceof PaypalRejection ? new RefundRefused(error.issue) : error;
      }
    },
    async verifyWebhook(delivery) {
      // The event goes back exactly as it arrived: PayPal's signature covers its bytes, which
      // parsing and serializing again could change (key order, number formats).
      const head = JSON.stringify({
        auth_algo: delivery.authAlgo,
        cert_url: delivery.certUrl,
        transmission_id: delivery.transmissionId,
        transmission_sig: delivery.transmissionSig,
        transmission_time: delivery.transmissionTime,
        webhook_id: delivery.webhookId,
      });
      const body = `${head.slice(0, -1)},"webhook_event":${delivery.rawEvent}}`;
      try {
        const answer = await call(
          VerificationSchema,
          settings,
          { method: "POST", path: "/v1/notifications/verify-webhook-signature" },
          { rawBody: body },
        );
        return answer.verification_status === "SUCCESS";
      } catch (error) {
        if (error instanceof PaypalRejection) return false;
        throw error;
      }
    },
  };
}
