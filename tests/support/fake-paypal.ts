import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { useFreshTable } from "./table.ts";

/**
 * A fake PayPal on loopback speaking the Orders v2 calls the server makes: token, create, capture and
 * get. Orders are approved as soon as they are created (there is no buyer to click). Knobs make it
 * misbehave the way a real provider (or an attacker replaying another order) could.
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
}

interface FakeOrder {
  id: string;
  referenceId: string;
  amount: { currency_code: string; value: string };
  status: "APPROVED" | "COMPLETED";
  captureId?: string;
}

export interface FakePaypal {
  url: string;
  knobs: FakePaypalKnobs;
  orders: Map<string, FakeOrder>;
  calls: { token: number; create: number; capture: number; get: number };
  /** The PayPal-Request-Id header of every create and capture call, in order ("" when missing). */
  requestIds: string[];
  /** Forgets knobs and counters (orders are kept). */
  reset(): void;
  close(): Promise<void>;
}

const CLIENT = { id: "id", secret: "secret" };

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
    status: knobs.captureStatus ?? "COMPLETED",
    amount: reported,
    update_time: "2026-01-02T03:04:05Z",
  };
  return {
    id: order.id,
    status: captured ? (knobs.orderStatus ?? "COMPLETED") : order.status,
    payer: { email_address: "buyer@example.com" },
    update_time: "2026-01-02T03:04:05Z",
    purchase_units: [
      {
        reference_id: knobs.referenceId ?? order.referenceId,
        amount,
        ...(captured ? { payments: { captures: [capture] } } : {}),
      },
    ],
  };
}

const fresh = () => ({ token: 0, create: 0, capture: 0, get: 0 });

class FakePaypalServer implements FakePaypal {
  url = "";
  knobs: FakePaypalKnobs = {};
  orders = new Map<string, FakeOrder>();
  calls = fresh();
  requestIds: string[] = [];
  private tokens = new Set<string>();
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
    this.requestIds = [];
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
    if (req.method === "POST" && path === "/v2/checkout/orders") return this.create(res, body, requestId);
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
    const order: FakeOrder = { id, referenceId: unit.reference_id, amount: unit.amount, status: "APPROVED" };
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
    if (requestId) this.replays.set(requestId, order.id);
    return send(res, 201, view(order, this.knobs));
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
  });
  return fake;
}
