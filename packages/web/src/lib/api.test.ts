import { afterEach, describe, expect, it, vi } from "vitest";
import { makeIntl, setPageIntl } from "../i18n/page-intl.ts";
import { ApiError, api, apiPage, errorCode, errorMessage } from "./api.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  setPageIntl(makeIntl("en", {}));
});

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

  it("throws the server's message, code and field for a bad cursor, and refuses an answer that is not a list", async () => {
    vi.stubGlobal(
      "fetch",
      answer({ message: "Invalid cursor", code: "VALIDATION_FAILED", field: "cursor" }, {}, 400),
    );
    const failure = apiPage("/api/users?cursor=forged");
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: "Invalid cursor",
      code: "VALIDATION_FAILED",
      field: "cursor",
    });
    vi.stubGlobal("fetch", answer({ products: [] }));
    await expect(apiPage("/api/products")).rejects.toBeInstanceOf(ApiError);
  });

  it("reads only a documented code: an unknown one, or none, leaves the code undefined", async () => {
    vi.stubGlobal("fetch", answer({ message: "Full", code: "WINDOW_GONE_FULL" }, {}, 409));
    await expect(api("/api/orders")).rejects.toMatchObject({ status: 409, code: undefined, message: "Full" });
    vi.stubGlobal("fetch", answer("Bad Gateway", {}, 502));
    const failure = await api("/api/orders").catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, code: undefined, details: {} });
    expect(errorCode(failure)).toBeUndefined();
    expect(errorCode(new Error("offline"))).toBeUndefined();
  });
});

describe("errorMessage on a French page", () => {
  const full = new ApiError(409, "Cette plage est complète (serveur).", { code: "SLOT_FULL" });

  it("shows the server's French message until the error codes' texts are in, then the web's own", () => {
    const messages: Record<string, string> = {};
    setPageIntl(makeIntl("fr-CA", messages));
    expect(errorMessage(full)).toBe("Cette plage est complète (serveur).");
    messages["error.SLOT_FULL"] = "Cette plage de livraison est complète.";
    expect(errorMessage(full)).toBe("Cette plage de livraison est complète.");
  });
});
