import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { newRequestId } from "./app.ts";

const app = new Hono()
  .use(requestId({ generator: newRequestId }))
  .get("/", (c) => c.text(c.get("requestId")));

describe("request ids", () => {
  it("are Lambda's own request id in the cloud, so an answer can be found in the function's logs", async () => {
    const res = await app.request("/", {}, { lambdaContext: { awsRequestId: "c0ffee-1234" } });
    expect(await res.text()).toBe("c0ffee-1234");
    expect(res.headers.get("X-Request-Id")).toBe("c0ffee-1234");
  });

  it("are random UUIDs elsewhere", async () => {
    const [a, b] = await Promise.all([app.request("/"), app.request("/")]);
    const ids = [await a.text(), await b.text()];
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
