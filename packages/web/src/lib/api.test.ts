import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiPage } from "./api.ts";

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));

describe("apiPage", () => {
  it("answers the items, the rel=next path and X-Total-Count", async () => {
    vi.stubGlobal(
      "fetch",
      answer([{ _id: "p1" }], {
        Link: '</api/products?q=fig&limit=24&cursor=c2>; rel="next"',
        "X-Total-Count": "37",
      }),
    );
    await expect(apiPage("/api/products?q=fig&limit=24")).resolves.toEqual({
      items: [{ _id: "p1" }],
      next: "/api/products?q=fig&limit=24&cursor=c2",
      total: 37,
    });
  });

  it("answers a whole list without Link or X-Total-Count as one last page (a server that does not page)", async () => {
    vi.stubGlobal("fetch", answer([{ _id: "o1" }, { _id: "o2" }]));
    await expect(apiPage("/api/orders/mine?limit=25")).resolves.toEqual({
      items: [{ _id: "o1" }, { _id: "o2" }],
      next: undefined,
      total: undefined,
    });
  });

  it("throws the server's message for a bad cursor, and refuses an answer that is not a list", async () => {
    vi.stubGlobal("fetch", answer({ message: "Invalid cursor" }, {}, 400));
    const failure = apiPage("/api/users?cursor=forged");
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: "Invalid cursor" });
    vi.stubGlobal("fetch", answer({ products: [] }));
    await expect(apiPage("/api/products")).rejects.toBeInstanceOf(ApiError);
  });
});
