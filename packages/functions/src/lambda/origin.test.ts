import { loadConfig, setConfig } from "@fruit/core/config";
import { type LogLevel, ORIGIN_REFUSED, sink } from "@fruit/core/log";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refusedByOrigin } from "./origin.ts";

/** The lines written while `work` runs, parsed. */
function linesOf<T>(work: () => T): {
  result: T;
  lines: { level: LogLevel; line: Record<string, unknown> }[];
} {
  const lines: { level: LogLevel; line: Record<string, unknown> }[] = [];
  const spy = vi.spyOn(sink, "write").mockImplementation((level, line) => {
    lines.push({ level, line: JSON.parse(line) as Record<string, unknown> });
  });
  try {
    return { result: work(), lines };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => setConfig(undefined as never));

const SECRET = "s".repeat(40);
/** A stage whose router sends `x-fruit-origin: <SECRET>` (the OriginVerify link, stacks/origin.ts). */
function withOrigin() {
  const config = loadConfig({ TABLE_NAME: "fruit-shop-staging-Table", SST_STAGE: "staging" });
  setConfig({ ...config, originVerify: { header: "x-fruit-origin", values: [SECRET] } });
}

describe("refusedByOrigin: each request refused for its origin header is one line the alarm counts", () => {
  it("logs a missing and a wrong header, one warning each, without the value sent", () => {
    withOrigin();
    for (const [headers, reason] of [
      [{}, "missing"],
      [{ "x-fruit-origin": "x".repeat(40) }, "wrong value"],
    ] as const) {
      const { result, lines } = linesOf(() => refusedByOrigin("Pages", { headers, rawPath: "/products" }));
      expect(result).toBe(true);
      expect(lines).toEqual([
        {
          level: "warn",
          line: expect.objectContaining({
            message: ORIGIN_REFUSED,
            function: "Pages",
            path: "/products",
            reason,
          }),
        },
      ]);
      expect(JSON.stringify(lines)).not.toContain("x".repeat(40));
    }
  });

  it("lets the router's requests through without a line", () => {
    withOrigin();
    const { result, lines } = linesOf(() =>
      refusedByOrigin("Api", { headers: { "x-fruit-origin": SECRET } }),
    );
    expect(result).toBe(false);
    expect(lines).toEqual([]);
  });
});
