import { describe, expect, it } from "vitest";
import { groupDigits } from "./load-more.tsx";

describe("counts (load-more.tsx)", () => {
  it("groups digits by thousands as en-US does, without Intl", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789]) {
      expect(groupDigits(n), String(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
