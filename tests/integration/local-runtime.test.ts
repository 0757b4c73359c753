import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { getConfig } from "@fruit/core/config";
import { attachLocalRuntime } from "@fruit/local/attach";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { address, orderOf } from "../support/orders.ts";
import { type StartedShop, startShop } from "../support/shop.ts";

/** `npm start` end to end: a real shop process over a data directory of its own. */

interface ProductSummary {
  _id: string;
  name: string;
  slug: string;
  image: string;
}

const dataDir = mkdtempSync(join(tmpdir(), "fruit-runtime-"));
const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const STATS_REBUILD = join(repoRoot, "packages/ops/src/cli/stats-rebuild.ts");
const MIGRATE = join(repoRoot, "packages/ops/src/cli/migrate.ts");
let shop: StartedShop | undefined;

async function productsOf(url: string): Promise<ProductSummary[]> {
  const body = (await (await fetch(`${url}/api/products`)).json()) as
    | ProductSummary[]
    | { products: ProductSummary[] };
  return Array.isArray(body) ? body : body.products;
}

/** Command lines of running Java processes that use this test's data directory. */
function javaProcessesOf(directory: string): string[] {
  const lines = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).split("\n");
  return lines.filter((line) => line.includes("java") && line.includes(directory));
}

async function signIn(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/users/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

/** Unpaid orders are held for 3 seconds here, so the local sweep can be seen cancelling one. */
const HOLD = { UNPAID_ORDER_MINUTES: "0.05" };

beforeAll(async () => {
  shop = await startShop({ dataDir, env: HOLD });
});

afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("serves the seeded catalogue from /api", async () => {
    const products = await productsOf(shop!.url);
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(products.map((product) => product.slug)).toEqual(
      expect.arrayContaining([expect.stringMatching(/strawberr/)]),
    );
  });

  it("serves a seeded product's image from the bucket under /images", async () => {
    const [product] = await productsOf(shop!.url);
    expect(product!.image).toMatch(/^\/images\//);
    const response = await fetch(`${shop!.url}${product!.image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\//);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await fetch(`${shop!.url}/images/seed/no-such-image.webp`)).status).toBe(404);
  });

  it("answers a client route with index.html and serves hashed assets compressed and immutable", async () => {
    const page = await fetch(`${shop!.url}/cart`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    // A public page is index.html with its own head, cached as the CDN caches it (docs/decisions/034-page-heads.md).
    const products = await fetch(`${shop!.url}/products`, { headers: { Accept: "text/html" } });
    expect(products.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400",
    );
    expect(await products.text()).toContain(html.slice(html.indexOf('<div id="root">')));

    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${shop!.url}${script}`, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect((await fetch(`${shop!.url}/assets/missing-0000.js`)).status).toBe(404);
  });

  it("signs in the seeded accounts and keeps the dashboard counters through the stream poller", async () => {
    expect((await signIn(shop!.url, "user@example.com", "user1234")).status).toBe(200);
    const admin = (await (await signIn(shop!.url, "admin@example.com", "admin1234")).json()) as {
      token: string;
    };
    await vi.waitFor(
      async () => {
        const response = await fetch(`${shop!.url}/api/orders/summary`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        });
        const summary = (await response.json()) as { users: { numUsers: number }[] };
        expect(summary.users[0]?.numUsers).toBeGreaterThanOrEqual(2);
      },
      { timeout: 10_000, interval: 250 },
    );
  });

  it("cancels an unpaid order after UNPAID_ORDER_MINUTES on its own, returning its stock", async () => {
    const customer = (await (await signIn(shop!.url, "user@example.com", "user1234")).json()) as {
      token: string;
    };
    const auth = { Authorization: `Bearer ${customer.token}`, "Content-Type": "application/json" };
    const [product] = await productsOf(shop!.url);
    const stock = async () =>
      ((await (await fetch(`${shop!.url}/api/products/${product!._id}`)).json()) as { countInStock: number })
        .countInStock;
    const before = await stock();
    const price = (
      (await (await fetch(`${shop!.url}/api/products/${product!._id}`)).json()) as { price: number }
    ).price;
    const res = await fetch(`${shop!.url}/api/orders`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        ...orderOf({ _id: product!._id, price }, 1),
        shippingAddress: { ...address, location: {} },
      }),
    });
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: { _id: string; createdAt: string; holdUntil: string } };
    expect(Date.parse(order.holdUntil) - Date.parse(order.createdAt)).toBe(3000);
    expect(await stock()).toBe(before - 1);
    await vi.waitFor(
      async () => {
        const read = await fetch(`${shop!.url}/api/orders/${order._id}`, { headers: auth });
        expect(await read.json()).toMatchObject({ isCancelled: true, isPaid: false });
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(await stock()).toBe(before);
  });

  it("refuses a second shop on a busy port with a one-line explanation", async () => {
    const port = new URL(shop!.url).port;
    await expect(startShop({ env: { PORT: port } })).rejects.toThrow(/Port \d+ .*already in use/);
  });

  it("publishes DATA_DIR/runtime.json for operator commands, readable by its owner only", () => {
    const file = join(dataDir, "runtime.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const runtime = JSON.parse(readFileSync(file, "utf8")) as { pid: number; env: Record<string, string> };
    expect(runtime.pid).toBe(shop!.pid);
    expect(runtime.env).toMatchObject({
      TABLE_NAME: "fruit-shop",
      BUCKET_NAME: "fruit-shop-images",
      DYNAMODB_ENDPOINT: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      S3_ENDPOINT: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      // The object store's key pair of this run: random, never s3rver's public S3RVER/S3RVER.
      S3_ACCESS_KEY_ID: expect.stringMatching(/^LOCAL[0-9A-F]{15}$/),
      S3_SECRET_ACCESS_KEY: expect.stringMatching(/^[\w-]{40}$/),
      JWT_SECRET: readFileSync(join(dataDir, "jwt-secret"), "utf8").trim(),
    });
  });

  it("lets an operator command attach to the running shop's emulators without starting its own", async () => {
    const before = javaProcessesOf(dataDir);
    const attached = await attachLocalRuntime({ dataDir, env: {} });
    try {
      const runtime = JSON.parse(readFileSync(join(dataDir, "runtime.json"), "utf8"));
      expect(attached.source).toBe("shop");
      expect(attached.config.dynamoEndpoint).toBe(runtime.env.DYNAMODB_ENDPOINT);
      expect(attached.config.s3Credentials).toEqual({
        accessKeyId: runtime.env.S3_ACCESS_KEY_ID,
        secretAccessKey: runtime.env.S3_SECRET_ACCESS_KEY,
      });
      expect(getConfig()).toBe(attached.config);
      expect(javaProcessesOf(dataDir)).toEqual(before);
    } finally {
      await attached.stop();
    }
    expect(javaProcessesOf(dataDir)).toEqual(before);
    expect((await fetch(`${shop!.url}/api/health`)).ok).toBe(true);

    // `npm run stats:rebuild` with nothing but DATA_DIR: no port, no secret typed.
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", STATS_REBUILD], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir },
    });
    expect(stdout).toContain("table fruit-shop (the local runtime)");
    expect(JSON.parse(stdout.slice(stdout.indexOf("{"))).users[0].numUsers).toBeGreaterThanOrEqual(2);
  });

  it("runs `npm run migrate` on the running shop's data, each migration once", async () => {
    const migrate = async () =>
      (
        await promisify(execFile)(process.execPath, ["--import", "tsx", MIGRATE], {
          cwd: repoRoot,
          env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir },
        })
      ).stdout;
    const first = await migrate();
    expect(first).toContain("Migrating table fruit-shop (the local runtime)...");
    // A freshly seeded shop holds today's shape only: nothing to change.
    expect(first).toMatch(/^2026-11-25-order-holds: 0 item\(s\) changed — /m);
    expect(first).toMatch(/^2026-11-25-rating-totals: 0 item\(s\) changed — /m);
    expect(first).toMatch(/^2026-11-25-token-versions: 0 item\(s\) changed — /m);
    const second = await migrate();
    expect(second).toMatch(/^2026-11-25-order-holds: already applied .* \(0 item\(s\) changed then\)$/m);
    expect(second).toMatch(/^0 migration\(s\) run, \d+ already applied\.$/m);
    expect((await fetch(`${shop!.url}/api/health`)).ok).toBe(true);
  });

  it("stops every child process on SIGTERM and keeps the data for the next start", async () => {
    const signUp = await fetch(`${shop!.url}/api/users/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Kept Across Restarts",
        email: "kept@example.com",
        password: "kept-password",
      }),
    });
    expect(signUp.status).toBeLessThan(300);
    const before = (await productsOf(shop!.url)).length;
    expect(javaProcessesOf(dataDir)).not.toEqual([]);

    await shop!.stop();
    expect(javaProcessesOf(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, "runtime.json"))).toBe(false);

    shop = await startShop({ dataDir, env: HOLD });
    expect((await signIn(shop.url, "kept@example.com", "kept-password")).status).toBe(200);
    expect((await productsOf(shop.url)).length).toBe(before);
  });
});

describe("npm start without Java", () => {
  it("says how to install it, in one line", async () => {
    await expect(startShop({ env: { PATH: "/nonexistent" } })).rejects.toThrow(
      /fruit-shop: Java 17\+ is required/,
    );
  });
});

describe("attachLocalRuntime without a running shop", () => {
  const spare = mkdtempSync(join(tmpdir(), "fruit-attach-"));
  afterAll(() => rmSync(spare, { recursive: true, force: true }));

  /** A pid no process has: the largest one above every running process. */
  const deadPid = () => {
    const pids = execFileSync("ps", ["-eo", "pid="], { encoding: "utf8" }).split("\n").map(Number);
    return Math.max(...pids.filter(Number.isFinite)) + 1000;
  };

  it("ignores the runtime file of a killed shop, starts the emulators itself and stops them again", async () => {
    writeFileSync(
      join(spare, "runtime.json"),
      JSON.stringify({
        pid: deadPid(),
        env: { TABLE_NAME: "gone", DYNAMODB_ENDPOINT: "http://127.0.0.1:9" },
      }),
    );
    const attached = await attachLocalRuntime({ dataDir: spare, env: {} });
    try {
      expect(attached.source).toBe("started");
      expect(attached.config.tableName).toBe("fruit-shop");
      expect(attached.config.dynamoEndpoint).not.toBe("http://127.0.0.1:9");
      expect(readFileSync(join(spare, "shop.pid"), "utf8").trim()).toBe(String(process.pid));
      expect(javaProcessesOf(spare)).toHaveLength(1);
    } finally {
      await attached.stop();
    }
    expect(javaProcessesOf(spare)).toEqual([]);
    expect(existsSync(join(spare, "shop.pid"))).toBe(false);
  });

  it("refuses, in one line, a data dir held by a live process that published no runtime file", async () => {
    rmSync(join(spare, "runtime.json"), { force: true });
    writeFileSync(join(spare, "shop.pid"), `${process.ppid}\n`);
    await expect(attachLocalRuntime({ dataDir: spare, env: {} })).rejects.toThrow(
      new RegExp(`^Process ${process.ppid} holds .* but has not written .*runtime\\.json`),
    );
    expect(javaProcessesOf(spare)).toEqual([]);
    rmSync(join(spare, "shop.pid"));
  });
});
