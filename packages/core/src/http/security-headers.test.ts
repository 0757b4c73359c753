import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CLOUDFRONT_CSP_MAX_LENGTH,
  contentSecurityPolicy,
  cspDirectives,
  scriptHash,
  securityHeaders,
} from "./security-headers.ts";
import { STOREFRONT_BOOT_SCRIPT } from "./storefront-boot.ts";

/** The boot script's hash, computed here with node:crypto (not with `scriptHash`, which is under test). */
const BOOT_HASH = `'sha256-${createHash("sha256").update(STOREFRONT_BOOT_SCRIPT, "utf8").digest("base64")}'`;

/** The policy as docs/decisions/011-security-headers.md lays it out, written out in full. */
const expectedPolicy = (uploadOrigins: string[] = []) =>
  [
    "default-src 'self'",
    `script-src 'self' ${BOOT_HASH} 'unsafe-eval' blob: https://*.paypal.com https://*.paypalobjects.com https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.ggpht.com https://*.googleusercontent.com`,
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https://*.paypal.com https://*.paypalobjects.com https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.googleusercontent.com",
    "font-src 'self' https://fonts.gstatic.com",
    [
      "connect-src 'self'",
      ...uploadOrigins,
      "https://*.paypal.com https://*.paypalobjects.com https://*.googleapis.com https://*.google.com https://*.gstatic.com data: blob:",
    ].join(" "),
    "frame-src https://*.paypal.com https://*.paypalobjects.com https://*.google.com",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

const directive = (name: string, options = {}) =>
  cspDirectives(options).find(([directiveName]) => directiveName === name)?.[1];

describe("security headers", () => {
  it("lock down what no page of the shop needs", () => {
    expect(directive("default-src")).toEqual(["'self'"]);
    expect(directive("object-src")).toEqual(["'none'"]);
    expect(directive("base-uri")).toEqual(["'self'"]);
    expect(directive("form-action")).toEqual(["'self'"]);
    expect(directive("frame-ancestors")).toEqual(["'none'"]);
    expect(securityHeaders()).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });

  it("allow no inline script but the storefront boot script, by its hash", () => {
    const scripts = directive("script-src")!;
    expect(scripts).not.toContain("'unsafe-inline'");
    const hashes = scripts.filter((source) => source.startsWith("'sha256-"));
    expect(hashes).toEqual([BOOT_HASH]);
    // The hash of a known text, as a browser computes it (printf 'alert(1)' | openssl dgst -sha256 -binary | base64).
    expect(scriptHash("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    // Any other text, even one more space, has another hash.
    expect(scriptHash(`${STOREFRONT_BOOT_SCRIPT} `)).not.toBe(hashes[0]);
  });

  it("send exactly the policy written out here, and the fixed headers", () => {
    const upload = "https://shop-images.s3.eu-west-1.amazonaws.com";
    expect(contentSecurityPolicy()).toBe(expectedPolicy());
    expect(securityHeaders({ uploadOrigins: [upload], https: true })).toEqual({
      "Content-Security-Policy": expectedPolicy([upload]),
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    });
  });

  it("allow PayPal's SDK and frames, Google Maps and the upload origin", () => {
    const upload = "https://shop-images.s3.eu-west-1.amazonaws.com";
    expect(directive("script-src")).toEqual(
      expect.arrayContaining(["https://*.paypal.com", "https://*.googleapis.com", "https://*.gstatic.com"]),
    );
    expect(directive("frame-src")).toEqual(
      expect.arrayContaining(["https://*.paypal.com", "https://*.google.com"]),
    );
    expect(directive("img-src")).toEqual(
      expect.arrayContaining(["'self'", "data:", "https://*.googleapis.com"]),
    );
    expect(directive("connect-src", { uploadOrigins: [upload] })).toEqual(
      expect.arrayContaining(["'self'", upload, "https://*.paypal.com", "https://*.googleapis.com"]),
    );
    expect(directive("connect-src")).not.toContain(upload);
  });

  it("send HSTS only over HTTPS", () => {
    expect(securityHeaders()).not.toHaveProperty("Strict-Transport-Security");
    expect(securityHeaders({ https: true })["Strict-Transport-Security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });

  it("fit CloudFront's limit on a policy's CSP, with a long bucket endpoint", () => {
    const longest = `https://${"b".repeat(63)}.s3.ap-southeast-2.amazonaws.com`;
    expect(contentSecurityPolicy({ uploadOrigins: [longest] }).length).toBeLessThanOrEqual(
      CLOUDFRONT_CSP_MAX_LENGTH,
    );
  });
});
