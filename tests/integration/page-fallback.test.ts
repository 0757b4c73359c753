import { createServer as createHttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { type Config, setConfig } from "@fruit/core/config";
import { PAGE_FAILED, sink } from "@fruit/core/log";
import { createPagesApp, FALLBACK_CACHE_CONTROL, PAGE_CACHE_CONTROL } from "@fruit/functions/pages/app";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createProduct } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Pages that survive their function (docs/decisions/047-pages-survive-their-function.md): a render
 * that throws or overruns its budget answers the plain app (the index.html it read) with 200 and a
 * short cache, logging `page failed` for the PagesServerErrorsAlarm; a good page tells the CDN to
 * keep serving it while the function cannot answer (throttled, crashed, timed out).
 */

const TEMPLATE = `<!doctype html>
<html lang="en"><head><!--page-head--><title>Fruit Shop</title><!--/page-head--></head>
<body><div id="root"></div></body></html>
`;

let config: Config;
let slug: string;
/** A DynamoDB that accepts connections and never answers: a render waiting on it never ends. */
let silent: Server;
const sockets: Socket[] = [];

beforeAll(async () => {
  config = await useFreshTable("page-fallback", { SHOP_URL: "https://shop.example.com" });
  slug = (await createProduct({ name: "Fallback Plum" })).slug;
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
});

afterEach(() => setConfig(config));

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** The shop's log lines written while `work` runs. */
async function logged<T>(
  work: () => T | Promise<T>,
): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(sink, "write").mockImplementation((_level, line) => {
    lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  try {
    return { result: await work(), lines };
  } finally {
    spy.mockRestore();
  }
}

const pagesApp = (renderBudgetMs?: number) =>
  createPagesApp({ template: async () => TEMPLATE, ...(renderBudgetMs ? { renderBudgetMs } : {}) });

describe("a public page whose render fails", () => {
  it("renders normally, and asks the CDN to serve it stale while the function cannot answer", async () => {
    const res = await pagesApp().request(`/product/${slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Fallback Plum");
    expect(res.headers.get("Cache-Control")).toBe(PAGE_CACHE_CONTROL);
    expect(PAGE_CACHE_CONTROL).toMatch(/stale-if-error=86400/);
  });

  it("answers the plain app with 200 when the render throws (DynamoDB refusing: here, no such table)", async () => {
    setConfig({ ...config, tableName: `${config.tableName}-gone` });
    const { result: res, lines } = await logged(() => pagesApp().request(`/product/${slug}`));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(TEMPLATE);
    expect(res.headers.get("Cache-Control")).toBe(FALLBACK_CACHE_CONTROL);
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: PAGE_FAILED,
        path: `/product/${slug}`,
        answered: "plain app",
        error: expect.stringContaining("ResourceNotFound"),
      }),
    );
  });

  it("answers the plain app with 200 when the render overruns its budget (DynamoDB not answering)", async () => {
    const { port } = silent.address() as { port: number };
    setConfig({ ...config, dynamoEndpoint: `http://127.0.0.1:${port}` });
    for (const path of [`/product/${slug}`, "/products?category=fruit"]) {
      const { result: res, lines } = await logged(() => pagesApp(50).request(path));
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(TEMPLATE);
      expect(lines, path).toContainEqual(
        expect.objectContaining({ message: PAGE_FAILED, error: expect.stringContaining("RenderTimeout") }),
      );
    }
  });

  it("answers the plain app with 200 when DynamoDB throttles every read", async () => {
    // A DynamoDB that answers every request as a throttled table does (HTTP 400, the error's type in
    // its JSON body); the SDK retries it, then the render fails.
    let asked = 0;
    const throttling = createHttpServer((request, response) => {
      asked += 1;
      request.resume();
      response.writeHead(400, { "content-type": "application/x-amz-json-1.0" });
      response.end(
        JSON.stringify({
          __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
          message: "The level of configured provisioned throughput for the table was exceeded.",
        }),
      );
    });
    await new Promise<void>((resolve) => throttling.listen(0, "127.0.0.1", resolve));
    // A product of its own: the earlier test's reads of the first one may still be waiting on the
    // silent DynamoDB, and a read of the same slug would join them instead of asking this one.
    const throttled = (await createProduct({ name: "Throttled Plum" })).slug;
    try {
      const { port } = throttling.address() as { port: number };
      setConfig({ ...config, dynamoEndpoint: `http://127.0.0.1:${port}` });
      const { result: res, lines } = await logged(() => pagesApp().request(`/product/${throttled}`));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(TEMPLATE);
      expect(res.headers.get("Cache-Control")).toBe(FALLBACK_CACHE_CONTROL);
      expect(asked).toBeGreaterThan(0);
      expect(lines).toContainEqual(
        expect.objectContaining({
          message: PAGE_FAILED,
          answered: "plain app",
          // Retried, then the storage layer's 503 (db/errors.ts); or the budget first, on a slow machine.
          error: expect.stringMatching(/temporarily unavailable|RenderTimeout/),
        }),
      );
    } finally {
      throttling.closeAllConnections();
      await new Promise((resolve) => throttling.close(resolve));
    }
  });

  it("falls back to the last index.html it read when this request's read fails too; 503 only without any", async () => {
    setConfig({ ...config, tableName: `${config.tableName}-gone` });
    let reads = 0;
    const app = createPagesApp({
      template: async () => {
        reads += 1;
        if (reads > 1) throw new Error("S3 GET index.html answered HTTP 500");
        return TEMPLATE;
      },
    });
    expect(await (await app.request(`/product/${slug}`)).text()).toBe(TEMPLATE);
    const again = await app.request(`/product/${slug}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(TEMPLATE);

    const never = createPagesApp({
      template: () => Promise.reject(new Error("S3 GET index.html answered HTTP 500")),
    });
    const { result: res } = await logged(() => never.request(`/product/${slug}`));
    // The CDN serves its last good copy of a 5xx (stale-if-error); nothing else is left to answer.
    expect(res.status).toBe(503);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});
