import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedShop, startShop } from "../support/shop.ts";

/**
 * Locally as in the cloud (docs/decisions/047-pages-survive-their-function.md): with DynamoDB Local
 * stopped, `npm start` still answers a product page with the app's HTML (the plain index.html, 200),
 * and the SPA in the browser takes it from there.
 */

let shop: StartedShop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop?.stop();
});

/** Process ids of the DynamoDB Local this test's shop started (its launcher names the data directory). */
function javaOf(directory: string): number[] {
  return execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes("DynamoLoopbackLauncher") && line.includes(directory))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe("npm start with DynamoDB Local stopped", () => {
  it("still answers GET /product/{slug} with the app's HTML", async () => {
    const [product] = (await (await fetch(`${shop.url}/api/products?limit=1`)).json()) as { slug: string }[];
    const path = `/product/${product!.slug}`;
    const before = await fetch(`${shop.url}${path}`);
    expect(before.status).toBe(200);
    const rendered = await before.text();

    const [java] = javaOf(shop.dataDir);
    expect(java).toBeGreaterThan(0);
    process.kill(java!, "SIGKILL");

    const after = await fetch(`${shop.url}${path}`);
    expect(after.status).toBe(200);
    expect(after.headers.get("content-type")).toMatch(/text\/html/);
    const html = await after.text();
    expect(html).toContain('<div id="root">');
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\//);
    // The plain app, not the product's own page: its head came from the render that needed the table.
    expect(html).not.toBe(rendered);
    // The API has no such fallback: it says it failed.
    expect((await fetch(`${shop.url}/api/products/slug/${product!.slug}`)).status).toBeGreaterThanOrEqual(
      500,
    );
  });
});
