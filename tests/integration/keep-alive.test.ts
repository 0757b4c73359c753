import { Agent, type IncomingMessage, request } from "node:http";
import { createShopApp, listenShop, type ShopServer } from "@fruit/local/server";
import { freePort } from "@fruit/local/services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";

/**
 * A refused body and keep-alive: the 413 closes the connection (`Connection: close`), and a client
 * that keeps its connections alive gets its next request answered (before, the local server dropped
 * the socket half a second after the 413, under the client's next request: "socket hang up").
 */
interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

let shop: ShopServer;
let port = 0;

/** Starts one request through `agent`; the caller writes the body and ends it. */
function start(agent: Agent, method: string, path: string, headers: Record<string, string> = {}) {
  const req = request({ host: "127.0.0.1", port, agent, method, path, headers });
  req.setTimeout(15_000, () => req.destroy(new Error("no answer within 15 s")));
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  return { req, answer };
}

function send(agent: Agent, method: string, path: string, body?: string, chunked = false): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (body !== undefined && !chunked) headers["content-length"] = String(Buffer.byteLength(body));
  const { req, answer } = start(agent, method, path, headers);
  if (body !== undefined) req.write(body);
  req.end();
  return answer;
}

async function expectHealthy(agent: Agent): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const next = await send(agent, "GET", "/api/health");
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body)).toEqual({ ok: true });
  }
}

const oversized = JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) });

describe("keep-alive after a refused body (local shop server)", () => {
  beforeAll(async () => {
    port = await freePort();
    shop = await listenShop({ shop: createShopApp({}), host: "127.0.0.1", port });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("the API's 413 asks to close the connection", async () => {
    const res = await api("/api/users/signin", { method: "POST", body: oversized });
    expectClientError(res, 413);
    expect(res.body).toEqual({ message: "The request body is too large", code: "PAYLOAD_TOO_LARGE" });
    expect(res.headers.get("connection")).toBe("close");
  });

  for (const chunked of [false, true]) {
    it(`answers an oversized JSON body (${chunked ? "chunked" : "Content-Length"}) 413 { message } with Connection: close; the same client's next requests succeed`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect((await send(agent, "GET", "/api/health")).status).toBe(200);
        const refused = await send(agent, "POST", "/api/users/signin", oversized, chunked);
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toEqual({
          message: "The request body is too large",
          code: "PAYLOAD_TOO_LARGE",
        });
        expect(refused.headers.connection).toBe("close");
        await expectHealthy(agent);
      } finally {
        agent.destroy();
      }
    });
  }

  it("closes the connection after any answer sent before the request's body has arrived", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // The profile answers 401 (no token) before reading the body; half of it is still to come.
      const body = '{"name":"late"}';
      const { req, answer } = start(agent, "PUT", "/api/users/profile", {
        "content-type": "application/json",
        "content-length": String(body.length),
      });
      req.write(body.slice(0, 8));
      const early = await answer;
      expect(early.status).toBe(401);
      expect(early.headers.connection).toBe("close");
      req.end(body.slice(8));
      await expectHealthy(agent);
      // Whether or not the server had the whole body when it answered, the next requests succeed.
      expect((await send(agent, "PUT", "/api/users/profile", body)).status).toBe(401);
      await expectHealthy(agent);
    } finally {
      agent.destroy();
    }
  });
});
