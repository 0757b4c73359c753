import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, pageAnswer } from "../test/render.tsx";
import { usePages } from "./use-pages.ts";

afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

describe("usePages", () => {
  it("reads the first page, then each next one through its Link, until a page has none", async () => {
    const api = fakeApi({
      "GET /api/users?limit=2": pageAnswer(["a", "b"], { next: "/api/users?limit=2&cursor=c2" }),
      "GET /api/users?limit=2&cursor=c2": pageAnswer(["c", "d"], { next: "/api/users?limit=2&cursor=c3" }),
      "GET /api/users?limit=2&cursor=c3": pageAnswer(["e"]),
    });
    vi.stubGlobal("fetch", api.fetch);
    const { result } = renderHook(() => usePages<string>("/api/users?limit=2"), { wrapper });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.items).toEqual(["a", "b"]));
    expect(result.current).toMatchObject({ hasMore: true, pageCount: 1, loading: false, total: undefined });

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.loadingMore).toBe(true));
    await waitFor(() => expect(result.current.items).toEqual(["a", "b", "c", "d"]));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual(["a", "b", "c", "d", "e"]));
    expect(result.current).toMatchObject({ hasMore: false, loadingMore: false, pageCount: 3 });

    act(() => result.current.loadMore()); // nothing follows: nothing is read
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Each page once: loading more does not read the first page again.
    expect(api.calls.map((call) => call.path)).toEqual([
      "/api/users?limit=2",
      "/api/users?limit=2&cursor=c2",
      "/api/users?limit=2&cursor=c3",
    ]);
  });

  it("starts again from the new first page when the key changes, showing the old items meanwhile", async () => {
    let releaseCitrus = () => {};
    const citrusAnswered = new Promise<void>((resolve) => {
      releaseCitrus = resolve;
    });
    const api = fakeApi({
      "GET /api/products?limit=1": pageAnswer(["apple"], {
        next: "/api/products?limit=1&cursor=2",
        total: 9,
      }),
      "GET /api/products?limit=1&cursor=2": pageAnswer(["banana"], {
        next: "/api/products?limit=1&cursor=3",
      }),
    });
    vi.stubGlobal("fetch", async (path: string, init?: RequestInit) => {
      if (path.startsWith("/api/products?category=Citrus")) {
        await citrusAnswered;
        return pageAnswer(["lime"], { total: 1 })();
      }
      return api.fetch(path, init);
    });
    const { result, rerender } = renderHook(({ key }) => usePages<string>(key), {
      wrapper,
      initialProps: { key: "/api/products?limit=1" },
    });
    await waitFor(() => expect(result.current.total).toBe(9));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual(["apple", "banana"]));

    rerender({ key: "/api/products?category=Citrus&limit=1" });
    expect(result.current).toMatchObject({ stale: true, items: ["apple", "banana"], loading: false });
    releaseCitrus();
    await waitFor(() => expect(result.current.items).toEqual(["lime"]));
    expect(result.current).toMatchObject({ stale: false, hasMore: false, total: 1, pageCount: 1 });
  });

  it("shows a whole list from a server that does not page as one page with nothing more", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/mine": ["o1", "o2", "o3"] }).fetch);
    const { result } = renderHook(() => usePages<string>("/api/orders/mine?limit=25"), { wrapper });
    await waitFor(() => expect(result.current.items).toEqual(["o1", "o2", "o3"]));
    expect(result.current).toMatchObject({ hasMore: false, pageCount: 1, total: undefined });
  });

  it("keeps the pages read when the next one fails, and reads only that one again on retry", async () => {
    let failures = 1;
    const api = fakeApi({
      "GET /api/users?limit=1": pageAnswer(["a"], { next: "/api/users?limit=1&cursor=c2" }),
      "GET /api/users?limit=1&cursor=c2": () =>
        failures-- > 0
          ? new Response(
              JSON.stringify({ message: "Invalid cursor", code: "VALIDATION_FAILED", field: "cursor" }),
              { status: 400 },
            )
          : pageAnswer(["b"])(),
    });
    vi.stubGlobal("fetch", api.fetch);
    const { result } = renderHook(() => usePages<string>("/api/users?limit=1"), { wrapper });
    await waitFor(() => expect(result.current.items).toEqual(["a"]));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.error?.message).toBe("Invalid cursor"));
    expect(result.current).toMatchObject({ items: ["a"], loadingMore: false, hasMore: true });
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.items).toEqual(["a", "b"]));
    expect(result.current.error).toBeUndefined();
    expect(api.calls.filter((call) => call.path === "/api/users?limit=1")).toHaveLength(1);
  });
});
