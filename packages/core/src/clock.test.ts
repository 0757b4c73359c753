import { afterEach, describe, expect, it, vi } from "vitest";
import { nowDate, nowIso, nowMs, nowSeconds, setClock, useFakeClock } from "./clock.ts";
import { newId } from "./ids.ts";

/** The time part of a ULID (its first 10 characters, Crockford base 32), in epoch ms. */
const timeOfId = (id: string): number =>
  [...id.slice(0, 10)].reduce((ms, char) => ms * 32 + "0123456789ABCDEFGHJKMNPQRSTVWXYZ".indexOf(char), 0);

afterEach(() => {
  setClock(undefined);
  vi.useRealTimers();
});

describe("core's clock", () => {
  it("shows a fake clock's time everywhere core reads it, ids included, until it is restored", () => {
    const clock = useFakeClock(Date.UTC(2030, 0, 2, 3, 4, 5, 678));
    expect(nowMs()).toBe(Date.UTC(2030, 0, 2, 3, 4, 5, 678));
    expect(nowIso()).toBe("2030-01-02T03:04:05.678Z");
    expect(nowSeconds()).toBe(Math.floor(Date.UTC(2030, 0, 2, 3, 4, 5) / 1000));
    clock.advance(60 * 60_000);
    expect(nowDate().toISOString()).toBe("2030-01-02T04:04:05.678Z");
    expect(timeOfId(newId())).toBe(Date.UTC(2030, 0, 2, 4, 4, 5, 678));
    clock.restore();
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(60_000);
  });

  it("stands still between moves, and follows vitest's fake Date when no fake clock is set", () => {
    const clock = useFakeClock(1_000);
    expect([nowMs(), nowMs()]).toEqual([1_000, 1_000]);
    clock.set(new Date(5_000));
    expect(nowMs()).toBe(5_000);
    clock.restore();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2031, 5, 6));
    expect(nowIso()).toBe("2031-06-06T00:00:00.000Z");
  });
});
