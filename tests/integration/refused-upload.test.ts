import { execFile } from "node:child_process";
import { DIRECT_TOO_LARGE_MESSAGE, DIRECT_UPLOAD_BODY_LIMIT } from "@fruit/core/browser/uploads";
import { createShopApp, LINGER_BYTES, listenShop, type ShopServer } from "@fruit/local/server";
import { freePort } from "@fruit/local/services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A refused upload's 413 reaches the client (packages/local/src/server.ts, lingering close): a
 * client that is still sending its body when the server answers gets the answer and its message,
 * not a broken connection. The clients run in a process of their own, as a browser or curl would:
 * in the server's own process the race is never lost, while from another process a server that
 * closed at once lost it in most runs (`fetch failed`, `write EPIPE` / ECONNRESET).
 */
let shop: ShopServer;
let port = 0;

beforeAll(async () => {
  port = await freePort();
  shop = await listenShop({ shop: createShopApp({}), host: "127.0.0.1", port });
});
afterAll(async () => {
  await shop?.close();
});

/**
 * Runs `runs` uploads of `bytes` to /api/upload from a fresh Node process and answers what each
 * one ended with: `<status> <message>` or the client's error. `client` is `fetch` (a FormData
 * body, as the admin's browser sends it) or `stream` (node:http writing 256 KB pieces as fast as
 * the connection takes them, and going on after the answer).
 */
function uploadsFromAnotherProcess(
  client: "fetch" | "stream",
  bytes: number,
  runs: number,
): Promise<string[]> {
  const script = `
    import { request } from "node:http";
    const [port, client, bytes, runs] = process.argv.slice(1).map((v, i) => (i === 1 ? v : Number(v)));
    const url = "http://127.0.0.1:" + port + "/api/upload";
    const describe = (e) => (e.cause ? e.message + ": " + e.cause.message : e.message);
    async function viaFetch() {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(bytes).fill(97)], { type: "image/png" }), "big.png");
      try {
        const res = await fetch(url, { method: "POST", body: form });
        return res.status + " " + (await res.json()).message;
      } catch (e) { return describe(e); }
    }
    function viaStream() {
      return new Promise((resolve) => {
        const req = request(url, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(bytes) } });
        req.on("response", (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve(res.statusCode + " " + JSON.parse(body).message));
          res.on("error", (e) => resolve(describe(e)));
        });
        req.on("error", (e) => resolve(describe(e)));
        let sent = 0;
        const pump = () => {
          if (sent >= bytes) return req.end();
          const piece = Buffer.alloc(Math.min(256 * 1024, bytes - sent), 98);
          sent += piece.length;
          if (req.write(piece)) setImmediate(pump); else req.once("drain", pump);
        };
        pump();
      });
    }
    const outcomes = [];
    for (let i = 0; i < runs; i++) outcomes.push(await (client === "fetch" ? viaFetch() : viaStream()));
    console.log(JSON.stringify(outcomes));
    // Every outcome is in: a connection the server still lingers on (LINGER_MS) keeps nothing to see.
    process.exit(0);
  `;
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ["--input-type=module", "-e", script, String(port), client, String(bytes), String(runs)],
      { timeout: 120_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    ),
  );
}

const refused = `413 ${DIRECT_TOO_LARGE_MESSAGE}`;
const RUNS = 8;

describe("a refused upload's 413 reaches a client that is still sending (local shop server)", () => {
  for (const client of ["fetch", "stream"] as const) {
    for (const bytes of [DIRECT_UPLOAD_BODY_LIMIT + 1024 * 1024, 3 * DIRECT_UPLOAD_BODY_LIMIT]) {
      it(`${client}: ${(bytes / 2 ** 20).toFixed(1)} MB is answered 413 with its message, ${RUNS} times of ${RUNS}`, async () => {
        expect(await uploadsFromAnotherProcess(client, bytes, RUNS)).toEqual(Array(RUNS).fill(refused));
      });
    }
  }

  it("reads at most LINGER_BYTES past the answer, then closes; the server keeps serving", async () => {
    const [outcome] = await uploadsFromAnotherProcess(
      "stream",
      DIRECT_UPLOAD_BODY_LIMIT + LINGER_BYTES + 16 * 2 ** 20,
      1,
    );
    // The client may or may not have read the answer before the close; it is never left hanging.
    expect(typeof outcome).toBe("string");
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
