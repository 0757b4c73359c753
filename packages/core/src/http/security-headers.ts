import { createHash } from "node:crypto";
import { STOREFRONT_BOOT_SCRIPT } from "./storefront-boot.ts";

/**
 * The security headers of every answer — SPA, `/api`, `/images`, 404s and errors — defined once for
 * both places that send them: the local server (packages/local/src/server.ts) and the
 * CloudFront response headers policy of the router (stacks/router.ts). Choices and their reasons:
 * docs/decisions/011-security-headers.md.
 */

/** `'sha256-…'` of an inline script's exact text, as CSP's script-src expects it. */
export const scriptHash = (source: string): string =>
  `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;

/** PayPal's JavaScript SDK: its script, the button and card frames, their API calls and images. */
const PAYPAL = ["https://*.paypal.com", "https://*.paypalobjects.com"];
/** Google Maps JavaScript API with Places: scripts, tiles, markers, fonts and API calls. */
const GOOGLE_MAPS_SCRIPTS = [
  "https://*.googleapis.com",
  "https://*.gstatic.com",
  "https://*.google.com",
  "https://*.ggpht.com",
  "https://*.googleusercontent.com",
];
const GOOGLE_MAPS_IMAGES = [
  "https://*.googleapis.com",
  "https://*.gstatic.com",
  "https://*.google.com",
  "https://*.googleusercontent.com",
];

/** What may differ between the local runtime and a deployed stage. */
export interface SecurityHeaderOptions {
  /**
   * Origins the browser POSTs images to besides its own (the presigned POST's bucket endpoint:
   * `https://<bucket>.s3.<region>.amazonaws.com` in the cloud, the S3 emulator locally).
   */
  uploadOrigins?: readonly string[];
}

/** The Content-Security-Policy directives, in the order they are sent. */
export function cspDirectives(options: SecurityHeaderOptions = {}): [string, string[]][] {
  return [
    ["default-src", ["'self'"]],
    [
      "script-src",
      [
        "'self'",
        scriptHash(STOREFRONT_BOOT_SCRIPT),
        // Google's published policy for the Maps JavaScript API includes eval and blob: scripts.
        "'unsafe-eval'",
        "blob:",
        ...PAYPAL,
        ...GOOGLE_MAPS_SCRIPTS,
      ],
    ],
    // Mantine writes style attributes and one <style> element of CSS variables at run time.
    ["style-src", ["'self'", "'unsafe-inline'", "https://fonts.googleapis.com"]],
    ["img-src", ["'self'", "data:", "blob:", ...PAYPAL, ...GOOGLE_MAPS_IMAGES]],
    ["font-src", ["'self'", "https://fonts.gstatic.com"]],
    [
      "connect-src",
      [
        "'self'",
        ...(options.uploadOrigins ?? []),
        ...PAYPAL,
        "https://*.googleapis.com",
        "https://*.google.com",
        "https://*.gstatic.com",
        "data:",
        "blob:",
      ],
    ],
    ["frame-src", [...PAYPAL, "https://*.google.com"]],
    ["worker-src", ["'self'", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
}

/** The Content-Security-Policy header value. */
export const contentSecurityPolicy = (options: SecurityHeaderOptions = {}): string =>
  cspDirectives(options)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");

/** Headers with one fixed value everywhere. */
export const FIXED_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const;

/** HSTS, sent only over HTTPS (the cloud): two years, subdomains included, not preloaded. */
export const HSTS = { maxAgeSeconds: 63_072_000, includeSubdomains: true, preload: false } as const;

export const hstsHeaderValue = (): string =>
  `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? "; includeSubDomains" : ""}${HSTS.preload ? "; preload" : ""}`;

/**
 * Every security header as name → value. `https: true` adds Strict-Transport-Security, which a
 * browser ignores over plain HTTP anyway (the local runtime).
 */
export function securityHeaders(
  options: SecurityHeaderOptions & { https?: boolean } = {},
): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    ...FIXED_SECURITY_HEADERS,
    ...(options.https ? { "Strict-Transport-Security": hstsHeaderValue() } : {}),
  };
}

/** CloudFront's limit on a response headers policy's Content-Security-Policy value. */
export const CLOUDFRONT_CSP_MAX_LENGTH = 1783;
