import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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

/** Starts the fake on a free loopback port. */
export async function startFakePaypal(): Promise<FakePaypal> {
  const tokens = new Set<string>();
  const byRequestId = new Map<string, string>();
  const fake: FakePaypal = {
    url: "",
    knobs: {},
    orders: new Map(),
    calls: { token: 0, create: 0, capture: 0, get: 0 },
    requestIds: [],
    reset() {
      fake.requestIds = [];
      fake.knobs = {};
      fake.calls = { token: 0, create: 0, capture: 0, get: 0 };
    },
    close: async () => {},
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    if (fake.knobs.mode === "drop") return req.socket.destroy();
    if (fake.knobs.mode === "down") return send(res, 503, { name: "SERVICE_UNAVAILABLE" });
    const path = req.url ?? "";
    if (req.method === "POST" && path === "/v1/oauth2/token") {
      fake.calls.token += 1;
      const expected = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64")}`;
      if (req.headers.authorization !== expected || body !== "grant_type=client_credentials") {
        return send(res, 401, { error: "invalid_client" });
      }
      const token = randomUUID();
      tokens.add(token);
      return send(res, 200, { access_token: token, token_type: "Bearer", expires_in: 32400 });
    }
    if (!tokens.has((req.headers.authorization ?? "").replace(/^Bearer /, ""))) {
      return send(res, 401, { name: "AUTHENTICATION_FAILURE" });
    }
    const requestId = req.headers["paypal-request-id"] as string | undefined;
    if (req.method === "POST") fake.requestIds.push(requestId ?? "");
    if (req.method === "POST" && path === "/v2/checkout/orders") return create(res, body, requestId);
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? fake.orders.get(decodeURIComponent(match[1] ?? "")) : undefined;
    if (!match) return send(res, 404, { name: "NOT_FOUND" });
    if (!order)
      return send(res, 404, { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
    if (req.method === "GET" && !match[2]) {
      fake.calls.get += 1;
      return send(res, 200, view(order, fake.knobs));
    }
    if (req.method === "POST" && match[2]) return capture(res, order);
    return send(res, 405, { name: "METHOD_NOT_SUPPORTED" });
  };

  const create = (res: ServerResponse, body: string, requestId: string | undefined) => {
    fake.calls.create += 1;
    const known = requestId ? byRequestId.get(requestId) : undefined;
    if (known) return send(res, 201, view(fake.orders.get(known)!, fake.knobs));
    const input = JSON.parse(body) as {
      intent: string;
      purchase_units: { reference_id: string; amount: FakeOrder["amount"] }[];
    };
    const unit = input.purchase_units[0];
    if (input.intent !== "CAPTURE" || !unit) return send(res, 422, { name: "UNPROCESSABLE_ENTITY" });
    const order: FakeOrder = {
      id: `PP${randomUUID().replace(/-/g, "").slice(0, 15).toUpperCase()}`,
      referenceId: unit.reference_id,
      amount: unit.amount,
      status: "APPROVED",
    };
    fake.orders.set(order.id, order);
    if (requestId) byRequestId.set(requestId, order.id);
    return send(res, 201, view(order, fake.knobs));
  };

  const capture = (res: ServerResponse, order: FakeOrder) => {
    fake.calls.capture += 1;
    if (fake.knobs.captureIssue) {
      return send(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: fake.knobs.captureIssue }] });
    }
    if (order.status === "COMPLETED") {
      return send(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] });
    }
    order.status = "COMPLETED";
    order.captureId = `CAP${randomUUID().slice(0, 8).toUpperCase()}`;
    return send(res, 201, view(order, fake.knobs));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { name: "INTERNAL_SERVER_ERROR" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
