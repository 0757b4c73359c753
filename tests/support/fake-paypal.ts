import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";
import { useFreshTable } from "./table.ts";

/**
 * A fake PayPal on loopback speaking the calls the server makes: token, Orders v2 create, capture and
 * get; Payments v2 capture and refund reads and refunds (partial, repeated, refused beyond the
 * capture, replayed by PayPal-Request-Id); and webhooks — signed deliveries this fake makes for the
 * test to post, and the verify-webhook-signature call that checks them. Orders are approved as soon
 * as they are created (there is no buyer to click). Knobs make it misbehave the way a real provider
 * (or an attacker replaying another order) could.
 */
export interface FakePaypalKnobs {
  /** Reported amount value / currency (on the order and its capture), instead of the real one. */
  amount?: string;
  currency?: string;
  /** Apply `amount` / `currency` to the capture only (the order itself looks right before capture). */
  captureOnly?: boolean;
  /** Order status after capture, and the capture's own status (default COMPLETED). */
  orderStatus?: string;
  captureStatus?: string;
  /** Capture answers 422 with this issue (e.g. INSTRUMENT_DECLINED) and captures nothing. */
  captureIssue?: string;
  /** Reported reference_id instead of the one the order was created with. */
  referenceId?: string;
  /** "down": every call answers 503; "drop": every connection is cut without an answer. */
  mode?: "ok" | "down" | "drop";
  /** The status a new capture gets (default COMPLETED); unlike `captureStatus` it is stored. */
  newCaptureStatus?: string;
  /** Refund answers 422 with this issue and refunds nothing. */
  refundIssue?: string;
  /** Refund is made, then the connection is cut before the answer (a crash between PayPal and us). */
  dropRefundAnswer?: boolean;
  /** Refunds wait this long before answering (concurrency tests). */
  refundDelayMs?: number;
  /** Calls whose method and path match answer 200 with this body instead (a malformed answer). */
  answer?: { method: string; path: RegExp; body: unknown };
}

export interface FakeRefund {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id?: string;
  create_time: string;
  captureId: string;
}

/** A signed delivery of a webhook event, as PayPal would POST it. */
export interface WebhookDeliveryFixture {
  headers: Record<string, string>;
  body: string;
  event: { id: string; event_type: string; resource: Record<string, unknown> };
}

interface FakeOrder {
  id: string;
  referenceId: string;
  amount: { currency_code: string; value: string };
  status: "APPROVED" | "COMPLETED";
  captureId?: string;
  captureState?: string;
  refunds: FakeRefund[];
}

export interface FakePaypal {
  url: string;
  knobs: FakePaypalKnobs;
  orders: Map<string, FakeOrder>;
  calls: { token: number; create: number; capture: number; get: number };
  /** Payments calls, counted apart so the Orders counters above stay as they were. */
  payments: { refund: number; refundsMade: number; getCapture: number; verify: number };
  /** The PayPal-Request-Id header of every create and capture call, in order ("" when missing). */
  requestIds: string[];
  /** The webhook id this fake signs for (the stage's PAYPAL_WEBHOOK_ID). */
  webhookId: string;
  /** The PayPal order of a capture. */
  orderOfCapture(captureId: string): FakeOrder | undefined;
  /** PayPal changes a capture's status on its own (a pending capture completed or denied, a reversal). */
  setCaptureStatus(captureId: string, status: string): void;
  /** A refund made in PayPal's dashboard (no custom_id): answers it. */
  refundAtPaypal(captureId: string, value: string): FakeRefund;
  /**
   * A signed delivery of an event about a capture (`PAYMENT.CAPTURE.*`: the capture as resource) or
   * a refund (`…REFUNDED`, `…REVERSED`: the refund as resource, linked "up" to its capture).
   * `webhookId` signs for another webhook (a forgery PayPal's check refuses).
   */
  delivery(
    eventType: string,
    about: { captureId: string; refund?: FakeRefund },
    webhookId?: string,
  ): WebhookDeliveryFixture;
  /** Forgets knobs and counters (orders are kept). */
  reset(): void;
  close(): Promise<void>;
}

const CLIENT = { id: "id", secret: "secret" };
/** The key this fake signs webhook deliveries with (PayPal's certificate, in the real one). */
const SIGNING_KEY = "fake-paypal-signing-key";
export const FAKE_WEBHOOK_ID = "WH-FAKE-0123456789";

/** The signature of a delivery: over its transmission, the webhook id and the CRC32 of its body. */
const signature = (transmissionId: string, time: string, webhookId: string, body: string) =>
  createHmac("sha256", SIGNING_KEY)
    .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
    .digest("base64");

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

function view(order: FakeOrder, knobs: FakePaypalKnobs) {
  const reported = {
    currency_code: knobs.currency ?? order.amount.currency_code,
    value: knobs.amount ?? order.amount.value,
  };
  const amount = knobs.captureOnly ? order.amount : reported;
  const captured = order.status === "COMPLETED";
  const capture = {
    id: order.captureId,
    status: knobs.captureStatus ?? order.captureState ?? "COMPLETED",
    amount: reported,
    update_time: "2026-01-02T03:04:05Z",
  };
  const refunds = order.refunds.map(refundView);
  return {
    id: order.id,
    status: captured ? (knobs.orderStatus ?? "COMPLETED") : order.status,
    payer: { email_address: "buyer@example.com" },
    update_time: "2026-01-02T03:04:05Z",
    purchase_units: [
      {
        reference_id: knobs.referenceId ?? order.referenceId,
        amount,
        ...(captured ? { payments: { captures: [capture], ...(refunds.length ? { refunds } : {}) } } : {}),
      },
    ],
  };
}

function refundView(refund: FakeRefund) {
  const { captureId, ...rest } = refund;
  return {
    ...rest,
    links: [{ rel: "up", href: `https://api.paypal.test/v2/payments/captures/${captureId}` }],
  };
}

const cents = (value: string) => Math.round(Number(value) * 100);
const dollars = (amount: number) => (amount / 100).toFixed(2);

const fresh = () => ({ token: 0, create: 0, capture: 0, get: 0 });
const freshPayments = () => ({ refund: 0, refundsMade: 0, getCapture: 0, verify: 0 });

class FakePaypalServer implements FakePaypal {
  url = "";
  knobs: FakePaypalKnobs = {};
  orders = new Map<string, FakeOrder>();
  calls = fresh();
  payments = freshPayments();
  requestIds: string[] = [];
  webhookId = FAKE_WEBHOOK_ID;
  private tokens = new Set<string>();
  /** Refund PayPal-Request-Id → the refund made for it. */
  private refundReplays = new Map<string, FakeRefund>();
  /** PayPal-Request-Id → the answer's order id: a replayed create or capture does nothing new. */
  private replays = new Map<string, string>();
  private server = createServer((req, res) => {
    this.handle(req, res).catch(() => send(res, 500, { name: "INTERNAL_SERVER_ERROR" }));
  });

  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset() {
    this.knobs = {};
    this.calls = fresh();
    this.payments = freshPayments();
    this.requestIds = [];
  }

  orderOfCapture(captureId: string): FakeOrder | undefined {
    return [...this.orders.values()].find((order) => order.captureId === captureId);
  }

  setCaptureStatus(captureId: string, status: string) {
    const order = this.orderOfCapture(captureId);
    if (!order) throw new Error(`no capture ${captureId}`);
    order.captureState = status;
  }

  private refunded(order: FakeOrder) {
    return order.refunds.reduce((sum, refund) => sum + cents(refund.amount.value), 0);
  }

  private addRefund(order: FakeOrder, value: string, customId?: string): FakeRefund {
    const refund: FakeRefund = {
      id: `RF${randomUUID().replace(/-/g, "").slice(0, 15).toUpperCase()}`,
      status: "COMPLETED",
      amount: { currency_code: "USD", value },
      ...(customId ? { custom_id: customId } : {}),
      create_time: new Date().toISOString(),
      captureId: order.captureId ?? "",
    };
    order.refunds.push(refund);
    this.payments.refundsMade += 1;
    order.captureState =
      this.refunded(order) >= cents(order.amount.value) ? "REFUNDED" : "PARTIALLY_REFUNDED";
    return refund;
  }

  refundAtPaypal(captureId: string, value: string): FakeRefund {
    const order = this.orderOfCapture(captureId);
    if (!order) throw new Error(`no capture ${captureId}`);
    return this.addRefund(order, value);
  }

  delivery(
    eventType: string,
    about: { captureId: string; refund?: FakeRefund },
    webhookId = this.webhookId,
  ): WebhookDeliveryFixture {
    const order = this.orderOfCapture(about.captureId);
    if (!order) throw new Error(`no capture ${about.captureId}`);
    const resource = about.refund
      ? refundView(about.refund)
      : {
          id: about.captureId,
          status: order.captureState ?? "COMPLETED",
          amount: order.amount,
          supplementary_data: { related_ids: { order_id: order.id } },
        };
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: eventType,
      create_time: new Date().toISOString(),
      resource_type: about.refund ? "refund" : "capture",
      resource,
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    return {
      event,
      body,
      headers: {
        "Content-Type": "application/json",
        "PAYPAL-AUTH-ALGO": "SHA256withRSA",
        "PAYPAL-CERT-URL": `${this.url}/v1/notifications/certs/CERT-FAKE`,
        "PAYPAL-TRANSMISSION-ID": transmissionId,
        "PAYPAL-TRANSMISSION-SIG": signature(transmissionId, time, webhookId, body),
        "PAYPAL-TRANSMISSION-TIME": time,
      },
    };
  }

  close() {
    return new Promise<void>((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    if (this.knobs.mode === "drop") return req.socket.destroy();
    if (this.knobs.mode === "down") return send(res, 503, { name: "SERVICE_UNAVAILABLE" });
    const path = req.url ?? "";
    if (req.method === "POST" && path === "/v1/oauth2/token") return this.token(req, res, body);
    if (!this.tokens.has((req.headers.authorization ?? "").replace(/^Bearer /, ""))) {
      return send(res, 401, { name: "AUTHENTICATION_FAILURE" });
    }
    const requestId = req.headers["paypal-request-id"] as string | undefined;
    if (req.method === "POST") this.requestIds.push(requestId ?? "");
    const forced = this.knobs.answer;
    if (forced && req.method === forced.method && forced.path.test(path)) return send(res, 200, forced.body);
    if (req.method === "POST" && path === "/v2/checkout/orders") return this.create(res, body, requestId);
    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature")
      return this.verify(res, body);
    const payment = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
    if (payment) {
      const order = this.orderOfCapture(decodeURIComponent(payment[1] ?? ""));
      if (!order)
        return send(res, 404, { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
      if (req.method === "POST" && payment[2]) return this.refund(req, res, order, body, requestId);
      if (req.method !== "GET" || payment[2]) return send(res, 405, { name: "METHOD_NOT_SUPPORTED" });
      this.payments.getCapture += 1;
      return send(res, 200, {
        id: order.captureId,
        status: order.captureState ?? "COMPLETED",
        amount: order.amount,
        supplementary_data: { related_ids: { order_id: order.id } },
      });
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (!match) return send(res, 404, { name: "NOT_FOUND" });
    const order = this.orders.get(decodeURIComponent(match[1] ?? ""));
    if (!order)
      return send(res, 404, { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
    if (req.method === "POST" && match[2]) return this.capture(res, order, requestId);
    if (req.method !== "GET" || match[2]) return send(res, 405, { name: "METHOD_NOT_SUPPORTED" });
    this.calls.get += 1;
    return send(res, 200, view(order, this.knobs));
  }

  private token(req: IncomingMessage, res: ServerResponse, body: string) {
    this.calls.token += 1;
    const expected = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64")}`;
    if (req.headers.authorization !== expected || body !== "grant_type=client_credentials") {
      return send(res, 401, { error: "invalid_client" });
    }
    const token = randomUUID();
    this.tokens.add(token);
    return send(res, 200, { access_token: token, token_type: "Bearer", expires_in: 32400 });
  }

  private create(res: ServerResponse, body: string, requestId: string | undefined) {
    this.calls.create += 1;
    const known = requestId ? this.orders.get(this.replays.get(requestId) ?? "") : undefined;
    if (known) return send(res, 201, view(known, this.knobs));
    const input = JSON.parse(body) as {
      intent: string;
      purchase_units: { reference_id: string; amount: FakeOrder["amount"] }[];
    };
    const unit = input.purchase_units[0];
    if (input.intent !== "CAPTURE" || !unit) return send(res, 422, { name: "UNPROCESSABLE_ENTITY" });
    const id = `PP${randomUUID().replace(/-/g, "").slice(0, 15).toUpperCase()}`;
    const order: FakeOrder = {
      id,
      referenceId: unit.reference_id,
      amount: unit.amount,
      status: "APPROVED",
      refunds: [],
    };
    this.orders.set(id, order);
    if (requestId) this.replays.set(requestId, id);
    return send(res, 201, view(order, this.knobs));
  }

  private capture(res: ServerResponse, order: FakeOrder, requestId: string | undefined) {
    this.calls.capture += 1;
    const issue = this.knobs.captureIssue;
    if (issue) return send(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue }] });
    if (requestId && this.replays.get(requestId) === order.id) return send(res, 201, view(order, this.knobs));
    if (order.status === "COMPLETED") {
      return send(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] });
    }
    order.status = "COMPLETED";
    order.captureId = `CAP${randomUUID().slice(0, 8).toUpperCase()}`;
    order.captureState = this.knobs.newCaptureStatus ?? "COMPLETED";
    if (requestId) this.replays.set(requestId, order.id);
    return send(res, 201, view(order, this.knobs));
  }

  private async refund(
    req: IncomingMessage,
    res: ServerResponse,
    order: FakeOrder,
    body: string,
    requestId: string | undefined,
  ) {
    this.payments.refund += 1;
    if (this.knobs.refundDelayMs)
      await new Promise((resolve) => setTimeout(resolve, this.knobs.refundDelayMs));
    const replay = requestId ? this.refundReplays.get(requestId) : undefined;
    if (replay) return send(res, 201, refundView(replay));
    const issue = this.knobs.refundIssue;
    if (issue) return send(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue }] });
    const state = order.captureState ?? "COMPLETED";
    if (state === "REFUNDED") {
      return send(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "CAPTURE_FULLY_REFUNDED" }] });
    }
    if (state !== "COMPLETED" && state !== "PARTIALLY_REFUNDED") {
      return send(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "REFUND_NOT_ALLOWED" }] });
    }
    const input = (body ? JSON.parse(body) : {}) as { amount?: { value: string }; custom_id?: string };
    const left = cents(order.amount.value) - this.refunded(order);
    const value = input.amount?.value ?? dollars(left);
    if (cents(value) <= 0 || cents(value) > left) {
      return send(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "REFUND_AMOUNT_EXCEEDED" }] });
    }
    const refund = this.addRefund(order, value, input.custom_id);
    if (requestId) this.refundReplays.set(requestId, refund);
    if (this.knobs.dropRefundAnswer) return req.socket.destroy();
    return send(res, 201, refundView(refund));
  }

  private verify(res: ServerResponse, body: string) {
    this.payments.verify += 1;
    const input = JSON.parse(body) as {
      transmission_id: string;
      transmission_time: string;
      transmission_sig: string;
      webhook_id: string;
      webhook_event: unknown;
    };
    // The event is signed as it was sent: JSON.stringify of what was parsed gives the same bytes
    // for a body this fake made, and other bytes for a tampered one.
    const expected = signature(
      input.transmission_id,
      input.transmission_time,
      this.webhookId,
      JSON.stringify(input.webhook_event),
    );
    const given = Buffer.from(String(input.transmission_sig));
    const ok =
      input.webhook_id === this.webhookId &&
      given.length === Buffer.from(expected).length &&
      timingSafeEqual(given, Buffer.from(expected));
    return send(res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
  }
}

/** Starts the fake on a free loopback port. */
export async function startFakePaypal(): Promise<FakePaypal> {
  const fake = new FakePaypalServer();
  await fake.listen();
  return fake;
}

/**
 * A fresh table whose API takes real PayPal payments (`PAYMENTS=paypal`) from a fake PayPal started
 * for it: the set-up of every suite that exercises the PayPal path end to end.
 */
export async function useTableWithFakePaypal(label: string): Promise<FakePaypal> {
  const fake = await startFakePaypal();
  await useFreshTable(label, {
    PAYMENTS: "paypal",
    PAYPAL_API_BASE: fake.url,
    PAYPAL_CLIENT_ID: "id",
    PAYPAL_CLIENT_SECRET: "secret",
    PAYPAL_WEBHOOK_ID: FAKE_WEBHOOK_ID,
  });
  return fake;
}
