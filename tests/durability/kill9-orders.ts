import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { priceLines } from "@fruit/core/browser/money";
import { freePort } from "@fruit/local/services";

/**
 * No acknowledged order lost after `kill -9` (README, "What survives a crash"): `npm start` on a data
 * directory of its own, 8 clients placing orders with an Idempotency-Key each as fast as the shop
 * answers, then SIGKILL to the whole process group (the shop's Node and DynamoDB Local's Java) at a
 * random moment. After a restart on the same data directory every order that was answered 201 must
 * be there, and a retry with its key must answer that same order, not place a new one. Repeated
 * `--runs` times (default 20); exits 1 if any run lost anything.
 *
 *   npx tsx tests/durability/kill9-orders.ts --runs 20
 */

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20" },
    clients: { type: "string", default: "8" },
    "min-ms": { type: "string", default: "2000" },
    "max-ms": { type: "string", default: "6000" },
    "keep-data": { type: "boolean", default: false },
    /** Copies DATA_DIR/dynamodb right after each kill (before the restart recovers it) to <dir>/run-<n>. */
    "snapshot-to": { type: "string" },
  },
});
const RUNS = Number(values.runs);
const CLIENTS = Number(values.clients);
const MIN_MS = Number(values["min-ms"]);
const MAX_MS = Number(values["max-ms"]);

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const START = join(repoRoot, "packages/local/src/start.ts");
const dataDir = mkdtempSync(join(tmpdir(), "fruit-kill9-"));

interface Shop {
  url: string;
  child: ChildProcess;
}

/** Starts `npm start`'s program in a process group of its own (so one signal reaches all of it). */
async function startShop(port: number): Promise<Shop> {
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of ["DYNAMODB_PORT", "S3_PORT", "SES_PORT", "HOST", "JWT_SECRET", "PAYMENTS"])
    delete env[name];
  const child = spawn(process.execPath, ["--import", "tsx", START], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk).slice(-10_000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk).slice(-10_000)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}):\n${output}`);
    if (output.includes("Fruit shop running at")) {
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { url, child };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the shop did not start:\n${output}`);
}

/** SIGKILL to the whole group, then waits until no process of it is left. */
async function killGroup(shop: Shop): Promise<void> {
  const group = shop.child.pid!;
  process.kill(-group, "SIGKILL");
  for (;;) {
    try {
      process.kill(-group, 0);
      await new Promise((r) => setTimeout(r, 50));
    } catch {
      return;
    }
  }
}

async function call(url: string, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  return fetch(`${url}${path}`, {
    ...rest,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
}

interface Product {
  _id: string;
  price: number;
  unit: "kg" | "piece";
  step: number;
}

const orderBody = (product: Product) => ({
  orderItems: [{ _id: product._id, quantity: product.step }],
  shippingAddress: {
    fullName: "Kill Nine",
    address: "1 Orchard Rd",
    city: "Montreal",
    postalCode: "H2X 1Y4",
    country: "Canada",
  },
  paymentMethod: "PayPal",
  ...priceLines([{ price: product.price, quantity: product.step, unit: product.unit }]),
});

interface Acknowledged {
  key: string;
  orderId: string;
  body: string;
}

async function oneRun(run: number, port: number): Promise<{ acknowledged: number; lost: string[] }> {
  const shop = await startShop(port);
  const signIn = async (email: string, password: string) =>
    (
      (await (
        await call(shop.url, "/api/users/signin", {
          method: "POST",
          body: JSON.stringify({ email, password }),
        })
      ).json()) as {
        token: string;
      }
    ).token;
  const admin = await signIn("admin@example.com", "admin1234");
  const customer = await signIn("user@example.com", "user1234");
  const products = ((await (await call(shop.url, "/api/products?limit=10")).json()) as Product[]).slice(
    0,
    10,
  );
  // Enough stock for every run's orders.
  for (const product of products)
    await call(shop.url, `/api/products/${product._id}`, {
      method: "PUT",
      token: admin,
      body: JSON.stringify({ countInStock: 90_000 }),
    });

  const acknowledged: Acknowledged[] = [];
  let stop = false;
  const client = async (n: number) => {
    for (let i = 0; !stop; i++) {
      const key = `kill9-${run}-${n}-${i}-${randomUUID()}`;
      const product = products[(n + i) % products.length]!;
      const body = JSON.stringify(orderBody(product));
      try {
        const res = await call(shop.url, "/api/orders", {
          method: "POST",
          token: customer,
          headers: { "Idempotency-Key": key },
          body,
        });
        if (res.status === 201) {
          const { order } = (await res.json()) as { order: { _id: string } };
          acknowledged.push({ key, orderId: order._id, body });
        }
      } catch {
        // the shop died under this request: it was never acknowledged
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  await new Promise((r) => setTimeout(r, MIN_MS + Math.random() * (MAX_MS - MIN_MS)));
  await killGroup(shop);
  if (values["snapshot-to"])
    cpSync(join(dataDir, "dynamodb"), join(values["snapshot-to"], `run-${run}`), { recursive: true });
  stop = true;
  await Promise.all(clients);

  const again = await startShop(port);
  const lost: string[] = [];
  try {
    for (const { key, orderId, body } of acknowledged) {
      const read = await call(again.url, `/api/orders/${orderId}`, { token: customer });
      const replay = await call(again.url, "/api/orders", {
        method: "POST",
        token: customer,
        headers: { "Idempotency-Key": key },
        body,
      });
      const replayed = replay.ok
        ? ((await replay.json()) as { order?: { _id: string } }).order?._id
        : undefined;
      if (read.status !== 200 || replayed !== orderId)
        lost.push(
          `${orderId} (acknowledged ${acknowledged.findIndex((a) => a.key === key) + 1} of ${acknowledged.length}; read ${read.status}, key ${key} replayed as ${replayed ?? replay.status})`,
        );
    }
  } finally {
    // A clean stop between runs: the next run starts from a clean shutdown of this one.
    again.child.kill("SIGTERM");
    await new Promise((r) => again.child.once("exit", r));
  }
  return { acknowledged: acknowledged.length, lost };
}

const port = await freePort();
let held = 0;
try {
  for (let run = 1; run <= RUNS; run++) {
    const { acknowledged, lost } = await oneRun(run, port);
    if (lost.length === 0) held += 1;
    console.log(
      `run ${run}/${RUNS}: ${acknowledged} orders acknowledged, ${lost.length} lost${lost.length ? `: ${lost.slice(0, 5).join("; ")}` : ""}`,
    );
  }
} finally {
  if (!values["keep-data"]) rmSync(dataDir, { recursive: true, force: true });
}
console.log(`kill -9: ${held}/${RUNS} runs lost no acknowledged order`);
process.exit(held === RUNS ? 0 : 1);
