import { clientIp, VIEWER_IP_HEADER } from "@fruit/functions/api/client-ip";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordedDeploys } from "./deploy-stage.ts";
import { RecordedOutput, type Recording, resolved } from "./recording-sst.ts";

/**
 * The client IP of the contact form's and the newsletter's per-IP limits in the cloud
 * (docs/decisions/039-restock-alerts.md): the router's viewer-request function writes the viewer's IP
 * into a header of its own, replacing the client's, and the API's one cache behaviour keeps an origin
 * request policy that forwards viewer headers (so that one) but not `Host`.
 */

const deploy = recordedDeploys();
afterEach(() => vi.unstubAllEnvs());

/** CloudFront's Managed-AllViewerExceptHostHeader: every viewer header (a function's too) but Host. */
const ALL_VIEWER_EXCEPT_HOST = "b689b0a8-53d0-40ab-baf2-68738e2966ac";

const injectionOf = (recording: Recording) =>
  resolved(
    (recording.get("Router", "Router").args.edge as { viewerRequest: { injection: unknown } }).viewerRequest
      .injection,
  ) as string;

type Headers = Record<string, { value: string }>;

/** Runs the router's viewer-request code as CloudFront Functions does, on a viewer's request. */
function viewerRequest(injection: string, headers: Headers, viewerIp?: string): Headers {
  const event = {
    ...(viewerIp ? { viewer: { ip: viewerIp } } : {}),
    request: { uri: "/api/contact", headers: { ...headers } },
  };
  new Function("event", injection)(event);
  return event.request.headers;
}

/** What the API's clientIp makes of the headers CloudFront forwards to the function URL. */
async function apiSees(headers: Headers): Promise<string> {
  const app = new Hono().post("/api/contact", async (c) => c.text(await clientIp(c)));
  const plain = Object.fromEntries(Object.entries(headers).map(([name, { value }]) => [name, value]));
  const event = { requestContext: { http: { sourceIp: "130.176.9.1" } } };
  const res = await app.request("/api/contact", { method: "POST", headers: plain }, { event });
  return res.text();
}

describe("the client IP behind the router", () => {
  it("is the viewer's IP from CloudFront, whatever header the client sent", async () => {
    const recording = await deploy("staging");
    const injection = injectionOf(recording);
    const forged = {
      [VIEWER_IP_HEADER]: { value: "198.51.100.66" },
      "x-forwarded-for": { value: "198.51.100.1" },
      "cloudfront-viewer-address": { value: "198.51.100.2:443" },
    };
    const forwarded = viewerRequest(injection, forged, "203.0.113.7");
    // The router writes the very header the API reads (stacks/origin.ts and api/client-ip.ts both name it).
    expect(forwarded[VIEWER_IP_HEADER]).toEqual({ value: "203.0.113.7" });
    // The origin header is set by the same function: the API's proof that this one was too.
    expect(forwarded["x-fruit-origin"]?.value).toMatch(/.{32,}/);
    expect(await apiSees(forwarded)).toBe("203.0.113.7");
    // Two clients behind different addresses are limited apart; one forging headers stays itself.
    expect(await apiSees(viewerRequest(injection, {}, "203.0.113.8"))).toBe("203.0.113.8");
    expect(await apiSees(viewerRequest(injection, forged, "2001:db8:aa:bb::5"))).toBe("2001:db8:aa:bb::/64");
  });

  it("drops the client's value when CloudFront gives no viewer IP: the API then falls back to the TCP peer", async () => {
    const injection = injectionOf(await deploy("staging"));
    const forwarded = viewerRequest(injection, { [VIEWER_IP_HEADER]: { value: "198.51.100.66" } });
    expect(forwarded[VIEWER_IP_HEADER]).toBeUndefined();
    expect(await apiSees(forwarded)).toBe("130.176.9.1");
  });

  it("keeps an origin request policy on the router's behaviour that forwards the function's headers and not Host", async () => {
    const recording = await deploy("staging");
    const cdn = (recording.get("Router", "Router").args.transform as { cdn: unknown }).cdn as (
      args: Record<string, unknown>,
      opts: object,
      name: string,
    ) => void;
    // SST's lazy routes: one behaviour for every route, /api included (platform/src/components/aws/router.ts).
    const sstBehavior = {
      targetOriginId: "default",
      cachePolicyId: "cache-policy",
      originRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
      functionAssociations: new RecordedOutput([{ eventType: "viewer-request", functionArn: "arn:fn" }]),
    };
    const args: Record<string, unknown> = { defaultCacheBehavior: sstBehavior };
    cdn(args, {}, "RouterCdn");
    const behavior = resolved(args.defaultCacheBehavior) as Record<string, unknown>;
    expect(behavior.originRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST);
    expect(behavior.functionAssociations).toEqual([{ eventType: "viewer-request", functionArn: "arn:fn" }]);
    // The public pages' own behaviours (their failover, stacks/router.ts) keep the same policy.
    const pageBehaviors = resolved(args.orderedCacheBehaviors) as Record<string, unknown>[];
    expect(pageBehaviors.length).toBeGreaterThan(0);
    for (const page of pageBehaviors) expect(page.originRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST);
    // No policy of the stacks' own that could forward Host (a function URL refuses it).
    expect(recording.all("OriginRequestPolicy")).toEqual([]);
  });
});
