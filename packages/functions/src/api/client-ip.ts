import { log } from "@fruit/core/log";
import type { Context } from "hono";
import * as v from "valibot";

/**
 * The header the shop's router sets to the viewer's IP (`event.viewer.ip`) on every request, replacing
 * whatever a client sent under that name (stacks/origin.ts `viewerIpInjection`, run by the router's
 * viewer-request function beside the origin header). Not `CloudFront-Viewer-Address`: the router's
 * one cache behaviour must keep SST's Managed-AllViewerExceptHostHeader policy (a Lambda function URL
 * refuses the viewer's `Host`), and no origin request policy can forward "every viewer header but
 * Host" and a CloudFront header at once (docs/decisions/039-restock-alerts.md).
 */
export const VIEWER_IP_HEADER = "x-fruit-viewer-ip";

const IpSchema = v.pipe(v.string(), v.trim(), v.ip());

/**
 * The key an address is limited under: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * unmapped), an IPv6 address by its /64 — the block one subscriber line is given, so a client
 * cannot take a fresh window per address of its own prefix. Strict textual addresses only (valibot's
 * `ip`); ipaddr.js unmaps and expands them, loaded on the first contact or newsletter request only,
 * so it stays off the catalogue's cold start (docs/decisions/017-lazy-api-chunks.md).
 */
export async function ipKey(address: string): Promise<string | undefined> {
  const parsed = v.safeParse(IpSchema, address);
  if (!parsed.success) return undefined;
  const { default: ipaddr } = await import("ipaddr.js");
  const ip = ipaddr.process(parsed.output);
  if (ip.kind() === "ipv4") return ip.toString();
  const groups = (ip as InstanceType<typeof ipaddr.IPv6>).parts.slice(0, 4).map((part) => part.toString(16));
  return `${groups.join(":")}::/64`;
}

type LambdaEnv = { event?: { requestContext?: { http?: { sourceIp?: string } } } };
type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The client's IP, for the contact form's and the newsletter's hourly limits (core's contact/index.ts).
 * Never a header the client could choose (`X-Forwarded-For`, `CloudFront-Viewer-Address`, ...):
 * - in Lambda, the router's `x-fruit-viewer-ip` (VIEWER_IP_HEADER). The API answers 403 to a request
 *   without the router's origin header (lambda/api.ts), and the same viewer-request function sets both,
 *   so a request that reaches this code came through that function and the value is CloudFront's.
 *   Missing or not an IP (a router not yet redeployed, a broken function): the function URL's
 *   `sourceIp` — the TCP peer, CloudFront's edge, which a client cannot choose — logged as a warning;
 *   requests then share their edge's window (strict, never open);
 * - in the local runtime, the socket's remote address (@hono/node-server's `incoming`); `npm start`
 *   has no proxy in front, so that is the client's own;
 * - "unknown" when neither exists (`app.request` in tests): such requests share one window.
 */
export async function clientIp(c: Context): Promise<string> {
  const env = c.env as (LambdaEnv & NodeEnv) | undefined;
  if (env?.event) {
    const sent = c.req.header(VIEWER_IP_HEADER);
    const key = sent === undefined ? undefined : await ipKey(sent);
    if (key) return key;
    const peer = env.event.requestContext?.http?.sourceIp;
    log("warn", "client IP header missing or malformed: limited under the TCP peer's address", {
      header: VIEWER_IP_HEADER,
      present: sent !== undefined,
      sourceIp: peer,
    });
    return (peer && (await ipKey(peer))) || "unknown";
  }
  const remote = env?.incoming?.socket?.remoteAddress;
  return (remote && (await ipKey(remote))) || "unknown";
}
