import { AppError } from "../errors.ts";

/**
 * A small PayPal Orders v2 client (server side): OAuth token cached until shortly before it expires,
 * `PayPal-Request-Id` on create and capture so retries never create or capture twice, and every call
 * bounded by a timeout. PayPal being slow, down or answering 5xx is a 502 for our caller.
 */

export interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: PaypalAmount;
  update_time?: string;
}

/** The parts of a PayPal order the server reads (GET, create and capture all answer this shape). */
export interface PaypalOrder {
  id: string;
  status: string;
  update_time?: string;
  payer?: { email_address?: string };
  purchase_units?: {
    reference_id?: string;
    amount?: PaypalAmount;
    payments?: { captures?: PaypalCapture[] };
  }[];
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
}

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
}

/** PayPal answers in well under a second; past this the shopper is better told to retry. */
export const PAYPAL_TIMEOUT_MS = 10_000;
/** Tokens are renewed this long before PayPal says they expire. */
const TOKEN_MARGIN_MS = 60_000;

const unreachable = () => new AppError("bad_gateway", "PayPal is not reachable right now, please try again");

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
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
  if (!res.ok || typeof body.access_token !== "string") throw unreachable();
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
  const body = (await res.json().catch(() => ({}))) as { name?: string; details?: { issue?: string }[] };
  return new PaypalRejection(res.status, body.details?.[0]?.issue ?? body.name ?? "UNKNOWN");
}

async function call<T>(
  settings: PaypalSettings,
  method: string,
  path: string,
  requestId?: string,
  body?: unknown,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const res = await send(`${settings.apiBase}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await accessToken(settings)}`,
        "Content-Type": "application/json",
        Prefer: "return=representation",
        ...(requestId ? { "PayPal-Request-Id": requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // A token revoked before its time: forget it and ask once more.
    if (res.status === 401 && attempt === 0) {
      tokens.delete(tokenKey(settings));
      continue;
    }
    if (res.ok) return (await res.json().catch(() => Promise.reject(unreachable()))) as T;
    throw await rejection(res);
  }
}

/** PayPal's answer for an id it does not know, or for an order in a state that cannot be paid. */
function orderProblem(error: unknown): unknown {
  if (!(error instanceof PaypalRejection)) return error;
  if (error.status === 404 || error.issue === "INVALID_RESOURCE_ID") {
    return new AppError("invalid", "Unknown PayPal order");
  }
  return new AppError("conflict", `The payment was not completed (${error.issue})`, { issue: error.issue });
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
    call<PaypalOrder>(settings, "GET", `/v2/checkout/orders/${encodeURIComponent(id)}`).catch(
      (error: unknown) => {
        throw orderProblem(error);
      },
    );
  return {
    async createOrder({ referenceId, amount, requestId }) {
      const body = { intent: "CAPTURE", purchase_units: [{ reference_id: referenceId, amount }] };
      const created = await call<PaypalOrder>(settings, "POST", "/v2/checkout/orders", requestId, body).catch(
        (error: unknown) => {
          throw error instanceof PaypalRejection ? unreachable() : error;
        },
      );
      return { id: created.id };
    },
    getOrder,
    async captureOrder(id, requestId) {
      try {
        return await call<PaypalOrder>(
          settings,
          "POST",
          `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
          requestId,
        );
      } catch (error) {
        if (error instanceof PaypalRejection && error.issue === "ORDER_ALREADY_CAPTURED") return getOrder(id);
        throw orderProblem(error);
      }
    },
  };
}
