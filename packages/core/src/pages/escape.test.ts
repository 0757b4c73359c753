import { describe, expect, it } from "vitest";
import { escapeHtml, jsonForScript } from "../escape.ts";
import { searchTokens, searchWords } from "../products/product.records.ts";
import { headTags, withHead } from "./head-html.ts";
import { productHead, shortDescription } from "./page-head.ts";

const HOSTILE = `</script><script>alert(1)</script><!-- \u2028\u2029 "' &`;

describe("escaping what the page renderer writes", () => {
  it("escapes markup, quotes and line separators for HTML", () => {
    expect(escapeHtml(HOSTILE)).toBe(
      "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &#x2028;&#x2029; &quot;&#39; &amp;",
    );
  });

  it("writes JSON that no text can close, and that reads back exactly", () => {
    const json = jsonForScript({ name: HOSTILE });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ name: HOSTILE });
  });

  it("puts the head between index.html's markers and keeps everything else", () => {
    const template = `<head><meta charset="UTF-8" /><!--page-head--><title>old</title><!--/page-head--><script src="/assets/a.js"></script></head>`;
    const head = {
      title: HOSTILE,
      description: "d",
      noindex: false,
      ogType: "website" as const,
      structuredData: [{ x: HOSTILE }],
    };
    const html = withHead(template, head);
    expect(html).not.toContain("<title>old</title>");
    expect(html).toContain('<script src="/assets/a.js"></script>');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(headTags(head)).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });
});

describe("page texts", () => {
  it("cuts a long description at a word, within 160 characters", () => {
    const text = shortDescription("word ".repeat(60));
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith("word…")).toBe(true);
  });

  it("names the price per kg or each, and the product's canonical path", () => {
    const head = productHead({ name: "Fig", slug: "fig tree", description: "", price: 2.5, unit: "piece" });
    expect(head).toEqual({
      title: "Fig — Fruit Shop",
      description: "Fig, $2.50 each.",
      path: "/product/fig%20tree",
    });
  });
});

describe("search words and tokens (docs/decisions/035-search-index.md)", () => {
  it("reads words as runs of letters and digits, lowercased, accents folded", () => {
    expect(searchWords("Crème Brûlée-Pear 7 (ripe)")).toEqual(["creme", "brulee", "pear", "7", "ripe"]);
    expect(searchWords(".*[a-z]")).toEqual(["a", "z"]);
  });

  it("indexes prefixes of up to 8 characters of the first 5 distinct words, at most 40", () => {
    expect(searchTokens("Apple apple 7")).toEqual(["a", "ap", "app", "appl", "apple", "7"]);
    const many = searchTokens(
      "Watermelons Watermelonade Strawberries Blackcurrants Gooseberries Elderberries",
    );
    expect(many.length).toBeLessThanOrEqual(40);
    expect(many).not.toContain("e");
    expect(many).toContain("goosebe");
    expect(many).toContain("gooseber");
    expect(many).not.toContain("gooseberr");
  });
});
