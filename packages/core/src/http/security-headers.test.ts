import { describe, expect, it } from "vitest";
import {
  CLOUDFRONT_CSP_MAX_LENGTH,
  contentSecurityPolicy,
  cspDirectives,
  scriptHash,
  securityHeaders,
} from "./security-headers.ts";
import { STOREFRONT_BOOT_SCRIPT } from "./storefront-boot.ts";

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
    expect(hashes).toEqual([scriptHash(STOREFRONT_BOOT_SCRIPT)]);
    // Any other text, even one more space, has another hash.
    expect(scriptHash(`${STOREFRONT_BOOT_SCRIPT} `)).not.toBe(hashes[0]);
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
