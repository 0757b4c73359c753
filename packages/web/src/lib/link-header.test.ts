import { describe, expect, it } from "vitest";
import { nextPath, parseLinkHeader, totalCount } from "./link-header.ts";

describe("the Link header (RFC 8288)", () => {
  it("reads each link-value's target, relation types and parameters", () => {
    expect(parseLinkHeader('</api/users?limit=25&cursor=abc.def>; rel="next"')).toEqual([
      { target: "/api/users?limit=25&cursor=abc.def", rel: ["next"], params: { rel: "next" } },
    ]);
    expect(
      parseLinkHeader('</a>; rel=first, </b?x=1,2>;REL="Next Last" ; title="a, b; \\"c\\"",</c>;rel=prev'),
    ).toEqual([
      { target: "/a", rel: ["first"], params: { rel: "first" } },
      { target: "/b?x=1,2", rel: ["next", "last"], params: { rel: "Next Last", title: 'a, b; "c"' } },
      { target: "/c", rel: ["prev"], params: { rel: "prev" } },
    ]);
  });

  it("keeps only the first rel of a link-value and skips a malformed one, not the whole header", () => {
    expect(parseLinkHeader("</a>; rel=prev; rel=next").map((link) => link.rel)).toEqual([["prev"]]);
    expect(parseLinkHeader('junk; rel=next, </b>; rel="next"').map((link) => link.target)).toEqual(["/b"]);
    expect(parseLinkHeader("</a> x; rel=next, </b>; rel=next").map((link) => link.target)).toEqual(["/b"]);
    expect(parseLinkHeader('</a>; title="open, </b>; rel=next')).toEqual([]);
    expect(parseLinkHeader("")).toEqual([]);
    expect(parseLinkHeader(null)).toEqual([]);
  });

  it("answers the next page's site path, resolved against the request", () => {
    const request = "/api/orders?state=paid&limit=25";
    expect(nextPath('</api/orders?state=paid&limit=25&cursor=x>; rel="next"', request)).toBe(
      "/api/orders?state=paid&limit=25&cursor=x",
    );
    expect(nextPath('<?state=paid&limit=25&cursor=y>; rel="next"', request)).toBe(
      "/api/orders?state=paid&limit=25&cursor=y",
    );
    expect(nextPath(`<${location.origin}/api/orders?cursor=z>; rel=next`, request)).toBe(
      "/api/orders?cursor=z",
    );
    expect(nextPath('</api/orders?cursor=a>; rel="prev last"', request)).toBeUndefined();
    expect(nextPath(null, request)).toBeUndefined();
  });

  it("never follows a link off the site (the client sends the user's token)", () => {
    expect(nextPath('<https://evil.example/api/orders?cursor=x>; rel="next"', "/api/orders")).toBeUndefined();
    expect(nextPath('<//evil.example/api/orders>; rel="next"', "/api/orders")).toBeUndefined();
  });

  it("reads X-Total-Count as a whole number, or not at all", () => {
    expect(totalCount("37")).toBe(37);
    expect(totalCount(" 0 ")).toBe(0);
    expect(totalCount(null)).toBeUndefined();
    expect(totalCount("")).toBeUndefined();
    expect(totalCount("3.5")).toBeUndefined();
    expect(totalCount("-1")).toBeUndefined();
  });
});
