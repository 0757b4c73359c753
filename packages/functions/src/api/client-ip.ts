import type { Context } from "hono";

/**
 * The client's IP, for the contact form's and the newsletter's hourly limits (core's contact/index.ts).
 * Never a header the client could set itself:
 * - in Lambda behind the shop's router, `CloudFront-Viewer-Address` (`<ip>:<port>`), which CloudFront
 *   sets when the API's origin request policy forwards it, else the function URL's `sourceIp`;
 * - in the local runtime, the socket's remote address (@hono/node-server's `incoming`).
 * "unknown" when neither exists (`app.request` in tests): such requests share one window.
 */
export function clientIp(c: Context): string {
  const env = c.env as
    | {
        event?: { requestContext?: { http?: { sourceIp?: string } } };
        incoming?: { socket?: { remoteAddress?: string } };
      }
    | undefined;
  if (env?.event) {
    const viewer = c.req.header("cloudfront-viewer-address");
    if (viewer) return viewer.replace(/:\d+$/, "");
    return env.event.requestContext?.http?.sourceIp ?? "unknown";
  }
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}
