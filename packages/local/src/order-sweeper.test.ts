import { describe, expect, it } from "vitest";
import { sweepIntervalMs } from "./order-sweeper.ts";

describe("the local sweep's interval", () => {
  it("is a quarter of the hold, between 1 and 15 seconds", () => {
    expect(sweepIntervalMs(60)).toBe(15_000);
    expect(sweepIntervalMs(0.2)).toBe(3_000);
    expect(sweepIntervalMs(0.01)).toBe(1_000);
  });
});
