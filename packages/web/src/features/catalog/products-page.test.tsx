import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { product } from "../../test/products.ts";
import { fakeApi, InViewObserver, pageAnswer, renderScreen, resetShop } from "../../test/render.tsx";
import { ProductsPage } from "./products-page.tsx";

beforeEach(() => resetShop());
afterEach(() => vi.unstubAllGlobals());

/** `n` products named `${prefix} 1..n`. */
const products = (prefix: string, n: number, from = 1) =>
  Array.from({ length: n }, (_, index) =>
    product({
      _id: `${prefix}${from + index}`,
      slug: `${prefix}-${from + index}`,
      name: `${prefix} ${from + index}`,
    }),
  );

/** The page's URL, shown so a test can read what the screen put in it. */
function Url() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

const render = (path = "/products") =>
  renderScreen(
    <>
      <ProductsPage />
      <Url />
    </>,
    { path },
  );

const cards = () => screen.queryAllByRole("article");

describe("the storefront grid", () => {
  it("asks for 24 products, says how many match, and reads the next page on Load more", async () => {
    const api = fakeApi({
      "GET /api/products/categories": ["Citrus"],
      // Pages shorter than 24 keep the test quick; the server decides what a page holds.
      "GET /api/products?limit=24": pageAnswer(products("Fig", 6), {
        next: "/api/products?limit=24&cursor=p2",
        total: 8,
      }),
      "GET /api/products?limit=24&cursor=p2": pageAnswer(products("Fig", 2, 7)),
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    expect(await screen.findByText("8 products")).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(6), { timeout: 8000 });
    expect(screen.getByText("Showing 6 of 8 products")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(screen.getByText("All 8 products shown")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fig 8" })).toBeInTheDocument();
    // The first row's pictures (3 columns at jsdom's 1024 px) load at once and first, the rest lazily.
    const pictures = [...document.querySelectorAll("article img")];
    expect(pictures.map((img) => img.getAttribute("loading"))).toEqual([
      ...Array(3).fill("eager"),
      ...Array(5).fill("lazy"),
    ]);
    expect(pictures.map((img) => img.getAttribute("fetchpriority"))).toEqual([
      ...Array(3).fill("high"),
      ...Array(5).fill(null),
    ]);
    expect(
      api.calls.filter((call) => call.path.startsWith("/api/products?")).map((call) => call.path),
    ).toEqual(["/api/products?limit=24", "/api/products?limit=24&cursor=p2"]);
  });

  it("says 1 product, in the singular", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/products/categories": [],
        "GET /api/products?q=lime&limit=24": pageAnswer(products("Lime", 1), { total: 1 }),
      }).fetch,
    );
    render("/products?q=lime");
    expect(await screen.findByText("1 product")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search products" })).toHaveValue("lime");
  });

  it("shows a whole list from a server that does not page, counted, with no Load more", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/products/categories": [], "GET /api/products": products("Plum", 3) }).fetch,
    );
    render();
    expect(await screen.findByText("3 products")).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("load-more")).not.toBeInTheDocument();
  });

  it("keeps the category in the URL and reads the new filter from its first page", async () => {
    const api = fakeApi({
      "GET /api/products/categories": ["Citrus", "Berries"],
      "GET /api/products?limit=24": pageAnswer(products("Fig", 2), {
        next: "/api/products?limit=24&cursor=p2",
        total: 40,
      }),
      "GET /api/products?limit=24&cursor=p2": pageAnswer(products("Fig", 2, 3), {
        next: "/api/products?limit=24&cursor=p3",
      }),
      "GET /api/products?category=Citrus&limit=24": pageAnswer(products("Lime", 4), { total: 4 }),
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    await screen.findByText("40 products");
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards()).toHaveLength(4));

    await userEvent.click(screen.getByRole("tab", { name: "Citrus" }));
    expect(await screen.findByText("4 products")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("link", { name: "Lime 1" })).toBeInTheDocument());
    expect(cards()).toHaveLength(4);
    expect(screen.queryByRole("link", { name: "Fig 1" })).not.toBeInTheDocument();
    expect(screen.getByTestId("url")).toHaveTextContent("/products?category=Citrus");
    expect(api.calls.at(-1)?.path).toBe("/api/products?category=Citrus&limit=24");
  });

  it("searches on the server as the shopper types, with the query in the URL", async () => {
    const api = fakeApi({
      "GET /api/products/categories": [],
      "GET /api/products?limit=24": pageAnswer(products("Fig", 2), { total: 2 }),
      "GET /api/products?q=lime&limit=24": pageAnswer(products("Lime", 1), { total: 1 }),
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    await screen.findByText("2 products");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search products" }), "lime");
    expect(await screen.findByText("1 product")).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("url")).toHaveTextContent("/products?q=lime"));
    expect(api.calls.at(-1)?.path).toBe("/api/products?q=lime&limit=24");
  });

  it("loads the next pages as the end of the grid comes into view once the shopper scrolls, up to 10 pages, then only on Load more", async () => {
    vi.stubGlobal("IntersectionObserver", InViewObserver);
    const answers: Record<string, unknown> = { "GET /api/products/categories": [] };
    for (let page = 1; page <= 12; page++) {
      const key = page === 1 ? "/api/products?limit=24" : `/api/products?limit=24&cursor=p${page}`;
      answers[`GET ${key}`] = pageAnswer(products("Kiwi", 1, page), {
        next: `/api/products?limit=24&cursor=p${page + 1}`,
        ...(page === 1 ? { total: 99 } : {}),
      });
    }
    const api = fakeApi(answers);
    vi.stubGlobal("fetch", api.fetch);
    render();
    await waitFor(() => expect(cards()).toHaveLength(1));
    // Nothing is read ahead before the shopper scrolls (no layout shift at load).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cards()).toHaveLength(1);
    window.dispatchEvent(new Event("scroll"));
    await waitFor(() => expect(cards()).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cards()).toHaveLength(10);
    expect(api.calls.filter((call) => call.path.includes("cursor"))).toHaveLength(9);
    expect(screen.getByText("Showing 10 of 99 products")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards()).toHaveLength(11));
  });

  it("shows the server's message when the next page fails, and tries that page again", async () => {
    let failures = 1;
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/products/categories": [],
        "GET /api/products?limit=24": pageAnswer(products("Fig", 2), {
          next: "/api/products?limit=24&cursor=x",
        }),
        "GET /api/products?limit=24&cursor=x": () =>
          failures-- > 0
            ? new Response(
                JSON.stringify({ message: "Invalid cursor", code: "VALIDATION_FAILED", field: "cursor" }),
                { status: 400 },
              )
            : pageAnswer(products("Fig", 1, 3))(),
      }).fetch,
    );
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Invalid cursor")).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});
