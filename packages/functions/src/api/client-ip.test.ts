import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp, ipKey, VIEWER_IP_HEADER } from "./client-ip.ts";

/** What clientIp answers for a request with these headers, in this runtime's env. */
async function ipOf(headers: Record<string, string>, env: unknown): Promise<string> {
  const app = new Hono().get("/", async (c) => c.text(await clientIp(c)));
  const res = await app.request("/", { headers }, env as Record<string, unknown>);
  return res.text();
}

/** A function URL's event as hono/aws-lambda hands it on: the TCP peer is CloudFront's edge. */
const lambda = { event: { requestContext: { http: { sourceIp: "130.176.9.1" } } } };

describe("clientIp in Lambda (behind the router)", () => {
  it("is the router's viewer IP header, whatever else the client sent", async () => {
    const ip = await ipOf(
      {
        [VIEWER_IP_HEADER]: "203.0.113.7",
        "X-Forwarded-For": "198.51.100.1",
        "CloudFront-Viewer-Address": "198.51.100.2:443",
      },
      lambda,
    );
    expect(ip).toBe("203.0.113.7");
  });

  it("fails safe without it: the TCP peer, never X-Forwarded-For or a CloudFront-Viewer-Address the client wrote", async () => {
    const sent: Record<string, string>[] = [
      { "X-Forwarded-For": "198.51.100.1" },
      { "CloudFront-Viewer-Address": "198.51.100.2:443", "X-Forwarded-For": "198.51.100.1" },
      { [VIEWER_IP_HEADER]: "" },
      { [VIEWER_IP_HEADER]: "198.51.100.1, 198.51.100.3" },
      { [VIEWER_IP_HEADER]: "198.51.100.1:443" },
      { [VIEWER_IP_HEADER]: "me" },
      { [VIEWER_IP_HEADER]: "999.1.1.1" },
    ];
    for (const headers of sent)
      expect(await ipOf(headers, lambda), JSON.stringify(headers)).toBe("130.176.9.1");
    expect(await ipOf({ "X-Forwarded-For": "198.51.100.1" }, { event: {} })).toBe("unknown");
  });

  it("limits an IPv6 client by its /64, and an IPv4-mapped address as IPv4", async () => {
    expect(await ipOf({ [VIEWER_IP_HEADER]: "2001:db8:aa:bb:1:2:3:4" }, lambda)).toBe("2001:db8:aa:bb::/64");
    expect(await ipOf({ [VIEWER_IP_HEADER]: "2001:DB8:AA:BB::99" }, lambda)).toBe("2001:db8:aa:bb::/64");
    expect(await ipOf({ [VIEWER_IP_HEADER]: "::ffff:192.0.2.4" }, lambda)).toBe("192.0.2.4");
  });
});

describe("clientIp in the local runtime", () => {
  it("is the socket's remote address; headers are not read", async () => {
    const local = { incoming: { socket: { remoteAddress: "::ffff:127.0.0.1" } } };
    expect(await ipOf({ [VIEWER_IP_HEADER]: "203.0.113.7", "X-Forwarded-For": "1.2.3.4" }, local)).toBe(
      "127.0.0.1",
    );
    expect(await ipOf({}, { incoming: { socket: { remoteAddress: "10.0.0.9" } } })).toBe("10.0.0.9");
    expect(await ipOf({ [VIEWER_IP_HEADER]: "203.0.113.7" }, undefined)).toBe("unknown");
  });
});

describe("ipKey", () => {
  it("keys IPv4 as is, IPv6 by its first 64 bits, and refuses what is not an address", async () => {
    expect(await ipKey("192.0.2.1")).toBe("192.0.2.1");
    expect(await ipKey("::1")).toBe("0:0:0:0::/64");
    expect(await ipKey("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(await ipKey("fe80:0000:0000:0000:0202:b3ff:fe1e:8329")).toBe("fe80:0:0:0::/64");
    for (const bad of ["", "1.2.3", "1.2.3.4:80", "[::1]", "1.2.3.4 5.6.7.8", "x"])
      expect(await ipKey(bad), bad).toBeUndefined();
  });
});
