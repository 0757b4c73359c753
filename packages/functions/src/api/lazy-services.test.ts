import { describe, expect, it, vi } from "vitest";
import { lazyFunctions, once } from "./lazy-services.ts";

describe("once", () => {
  it("loads once for any number of callers, concurrent or later", async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const module = once(load);
    const [a, b] = await Promise.all([module(), module()]);
    expect(await module()).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load, so the next call tries again instead of failing forever", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("chunk missing"))
      .mockResolvedValue("loaded");
    const module = once(load);
    await expect(module()).rejects.toThrow("chunk missing");
    await expect(module()).resolves.toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("lazyFunctions", () => {
  it("loads the module on the first call, not before, and passes arguments and answers through", async () => {
    const add = vi.fn((a: number, b: number) => a + b);
    const load = vi.fn(async () => ({ add, unused: () => "never" }));
    const { add: lazyAdd } = lazyFunctions(load, ["add"]);
    expect(load).not.toHaveBeenCalled();
    await expect(lazyAdd(2, 3)).resolves.toBe(5);
    await expect(lazyAdd(4, 5)).resolves.toBe(9);
    expect(load).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenLastCalledWith(4, 5);
  });

  it("answers a thrown error of the loaded function as a rejection", async () => {
    const { fail } = lazyFunctions(
      async () => ({
        fail: (): never => {
          throw new Error("refused");
        },
      }),
      ["fail"],
    );
    await expect(fail()).rejects.toThrow("refused");
  });
});
