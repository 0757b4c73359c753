import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { STOREFRONT_BOOT_SCRIPT } from "@fruit/core/browser/http";
import { type Config, setConfig } from "@fruit/core/config";
import { s3 } from "@fruit/core/uploads/s3";
import { createShopApp } from "@fruit/local/server";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshTable } from "../support/table.ts";

/**
 * The local server's security headers (core's http/security-headers.ts) on every kind of answer:
 * the SPA and its fallback, the API, stored images, 404s and server errors.
 */

let config: Config;
let shop: Hono;
const webDist = mkdtempSync(join(tmpdir(), "fruit-headers-web-"));

beforeAll(async () => {
  config = await useFreshTable("headers");
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>shop</title>");
  writeFileSync(join(webDist, "assets", "app-abc123.js"), "console.log('app');");
  await s3().send(
    new PutObjectCommand({
      Bucket: config.bucketName,
      Key: "images/headers/pear.webp",
      Body: new Uint8Array([0x52, 0x49, 0x46, 0x46]),
      ContentType: "image/webp",
    }),
  );
  shop = createShopApp({ webDist, uploadOrigins: [new URL(config.s3Endpoint!).origin] });
});

afterAll(() => {
  setConfig(config);
  rmSync(webDist, { recursive: true, force: true });
});

/** The boot script's hash, computed here with node:crypto. */
const BOOT_HASH = `'sha256-${createHash("sha256").update(STOREFRONT_BOOT_SCRIPT, "utf8").digest("base64")}'`;

/**
 * What every answer must carry, written out in full (docs/decisions/011-security-headers.md), with
 * the S3 emulator as upload origin.
 */
const expected = () => ({
  "Content-Security-Policy": [
    "default-src 'self'",
    `script-src 'self' ${BOOT_HASH} 'unsafe-eval' blob: https://*.paypal.com https://*.paypalobjects.com https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.ggpht.com https://*.googleusercontent.com`,
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https://*.paypal.com https://*.paypalobjects.com https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.googleusercontent.com",
    "font-src 'self' https://fonts.gstatic.com",
    `connect-src 'self' ${new URL(config.s3Endpoint!).origin} https://*.paypal.com https://*.paypalobjects.com https://*.googleapis.com https://*.google.com https://*.gstatic.com data: blob:`,
    "frame-src https://*.paypal.com https://*.paypalobjects.com https://*.google.com",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; "),
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
});

function expectSecurityHeaders(response: Response, what: string) {
  for (const [name, value] of Object.entries(expected()))
    expect(response.headers.get(name), `${what}: ${name}`).toBe(value);
  // HSTS only where the shop is served over HTTPS (the router); the local runtime is plain HTTP.
  expect(response.headers.get("Strict-Transport-Security"), what).toBeNull();
}

describe("local server security headers", () => {
  it("are on the SPA, its deep-link fallback and its assets", async () => {
    for (const path of ["/", "/cart", "/assets/app-abc123.js"]) {
      const response = await shop.request(path);
      expect(response.status, path).toBe(200);
      expectSecurityHeaders(response, path);
    }
    // A product page of no product: the SPA shell with 404 (docs/decisions/034-page-heads.md).
    const unknown = await shop.request("/product/strawberry");
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown, "/product/strawberry");
    const csp = (await shop.request("/")).headers.get("Content-Security-Policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("are on API answers, including errors and unknown endpoints", async () => {
    const products = await shop.request("/api/products");
    expect(products.status).toBe(200);
    expectSecurityHeaders(products, "/api/products");
    const unknown = await shop.request("/api/no-such-endpoint");
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown, "/api/no-such-endpoint");
    const refused = await shop.request("/api/users/profile");
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused, "/api/users/profile");
  });

  it("are on stored images and on image 404s", async () => {
    const image = await shop.request("/images/headers/pear.webp");
    expect(image.status).toBe(200);
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expectSecurityHeaders(image, "image");
    const missing = await shop.request("/images/headers/missing.webp");
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, "missing image");
  });

  it("are on a missing asset and on a server error", async () => {
    const missing = await shop.request("/assets/missing-abc.js");
    expectSecurityHeaders(missing, "missing asset");
    // The image store unreachable: the request fails inside the server and onError answers 500.
    setConfig({ ...config, s3Endpoint: "http://127.0.0.1:9", region: "us-west-2" });
    try {
      const failed = await shop.request("/images/headers/pear.webp");
      expect(failed.status).toBe(500);
      for (const name of [
        "Content-Security-Policy",
        "X-Content-Type-Options",
        "X-Frame-Options",
        "Referrer-Policy",
      ])
        expect(failed.headers.get(name), name).not.toBeNull();
    } finally {
      setConfig(config);
    }
  });
});
