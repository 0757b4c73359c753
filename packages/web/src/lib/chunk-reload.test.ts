import { describe, expect, it, vi } from "vitest";
import { loadChunk, RELOAD_KEY, RELOAD_WINDOW_MS, reloadOnce } from "./chunk-reload.ts";

function fakeReloader(now = 1_000_000) {
  const stored = new Map<string, string>();
  return {
    now: () => now,
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    },
    reload: vi.fn(),
    stored,
    at(time: number) {
      now = time;
    },
  };
}

describe("loadChunk: a chunk that a deploy removed", () => {
  it("answers the module when it loads, without reloading", async () => {
    const reloader = fakeReloader();
    expect(await loadChunk(async () => ({ Page: 1 }), reloader)).toEqual({ Page: 1 });
    expect(reloader.reload).not.toHaveBeenCalled();
  });

  it("reloads the page once when it fails, and leaves the promise pending while the page goes", async () => {
    const reloader = fakeReloader();
    const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    const settled = vi.fn();
    void loadChunk(failing, reloader).then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reloader.reload).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
    expect(reloader.stored.get(RELOAD_KEY)).toBe("1000000");
  });

  it("throws a second failure soon after the reload instead of reloading forever; reloads again after the window", async () => {
    const reloader = fakeReloader();
    const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    expect(reloadOnce(reloader)).toBe(true);
    reloader.at(1_000_000 + RELOAD_WINDOW_MS - 1);
    await expect(loadChunk(failing, reloader)).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(reloader.reload).toHaveBeenCalledTimes(1);
    reloader.at(1_000_000 + RELOAD_WINDOW_MS);
    expect(reloadOnce(reloader)).toBe(true);
    expect(reloader.reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads where session storage is unavailable (it could not tell it already did)", async () => {
    const reloader = { ...fakeReloader(), storage: undefined };
    await expect(loadChunk(() => Promise.reject(new Error("gone")), reloader)).rejects.toThrow("gone");
    expect(reloader.reload).not.toHaveBeenCalled();
  });
});
