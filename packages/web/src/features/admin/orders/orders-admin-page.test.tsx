import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { order as anOrder } from "../../../test/orders.ts";
import { fakeApi, pageAnswer, renderScreen, resetShop } from "../../../test/render.tsx";
import { OrdersAdminPage } from "./orders-admin-page.tsx";

/** An order with this id: these tests look only at which orders are on screen. */
const order = (_id: string) => anOrder({ _id });

function Url() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

const render = (path = "/admin/orders") =>
  renderScreen(
    <>
      <OrdersAdminPage />
      <Url />
    </>,
    { path },
  );

/** The order ids of the rows on screen. */
const rowIds = () =>
  [...document.querySelectorAll("tr[data-order-id]")].map((row) => row.getAttribute("data-order-id"));

const PAGE_2 = "/api/orders?limit=25&cursor=c2";
const PAGE_3 = "/api/orders?limit=25&cursor=c3";

beforeEach(() => resetShop());
afterEach(() => vi.unstubAllGlobals());

describe("admin orders, a page at a time", () => {
  it("asks for 25 orders and goes Next and Previous through the cursors seen", async () => {
    const api = fakeApi({
      "GET /api/orders?limit=25": pageAnswer([order("o1"), order("o2")], { next: PAGE_2 }),
      [`GET ${PAGE_2}`]: pageAnswer([order("o3"), order("o4")], { next: PAGE_3 }),
      [`GET ${PAGE_3}`]: pageAnswer([order("o5")]),
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    await waitFor(() => expect(rowIds()).toEqual(["o1", "o2"]));
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText("Page 1")).toBeInTheDocument();
    expect(within(pages).getByRole("button", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");

    await userEvent.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(rowIds()).toEqual(["o3", "o4"]));
    expect(screen.getByText("Page 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(rowIds()).toEqual(["o5"]));
    expect(screen.getByText("Page 3")).toBeInTheDocument();
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(next); // the last page: nothing happens
    expect(rowIds()).toEqual(["o5"]);

    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(rowIds()).toEqual(["o3", "o4"]));
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(rowIds()).toEqual(["o1", "o2"]));
    expect(screen.getByText("Page 1")).toBeInTheDocument();
    // One page on screen at a time.
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(screen.getByTestId("url")).toHaveTextContent(/^\/admin\/orders$/);
    expect(api.calls.map((call) => call.path)).toEqual(
      expect.arrayContaining(["/api/orders?limit=25", PAGE_2, PAGE_3]),
    );
  });

  it("puts the state filter and the search in the URL and asks the server for them, from the first page", async () => {
    const api = fakeApi({
      "GET /api/orders?limit=25": pageAnswer([order("o1")], { next: PAGE_2 }),
      [`GET ${PAGE_2}`]: pageAnswer([order("o2")]),
      "GET /api/orders?state=paid&limit=25": pageAnswer([order("p1")]),
      "GET /api/orders?state=paid&q=ann%40example.com&limit=25": pageAnswer([]),
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    await waitFor(() => expect(rowIds()).toEqual(["o1"]));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(rowIds()).toEqual(["o2"]));

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "State" }), "Paid");
    await waitFor(() => expect(rowIds()).toEqual(["p1"]));
    expect(screen.getByTestId("url")).toHaveTextContent("/admin/orders?state=paid");
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();

    await userEvent.type(
      screen.getByRole("searchbox", { name: "Search orders" }),
      " ann@example.com {Enter}",
    );
    expect(await screen.findByText("No orders match")).toBeInTheDocument();
    expect(screen.getByTestId("url")).toHaveTextContent("/admin/orders?state=paid&q=ann%40example.com");
    expect(api.calls.at(-1)?.path).toBe("/api/orders?state=paid&q=ann%40example.com&limit=25");

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "State" }), "All");
    await waitFor(() =>
      expect(screen.getByTestId("url")).toHaveTextContent(/\/admin\/orders\?q=ann%40example\.com$/),
    );
  });

  it("reads the filters from the URL it opens with", async () => {
    const api = fakeApi({ "GET /api/orders?state=cancelled&q=o9&limit=25": pageAnswer([order("o9")]) });
    vi.stubGlobal("fetch", api.fetch);
    render("/admin/orders?state=cancelled&q=o9");
    await waitFor(() => expect(rowIds()).toEqual(["o9"]));
    expect(screen.getByRole("combobox", { name: "State" })).toHaveValue("cancelled");
    expect(screen.getByRole("searchbox", { name: "Search orders" })).toHaveValue("o9");
  });

  it("ignores a state it does not know", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders?limit=25": pageAnswer([order("o1")]) }).fetch);
    render("/admin/orders?state=lost");
    await waitFor(() => expect(rowIds()).toEqual(["o1"]));
    expect(screen.getByRole("combobox", { name: "State" })).toHaveValue("");
  });

  it("reloads the page on screen after a delete", async () => {
    let page2 = [order("o3"), order("o4")];
    const api = fakeApi({
      "GET /api/orders?limit=25": pageAnswer([order("o1")], { next: PAGE_2 }),
      [`GET ${PAGE_2}`]: () => pageAnswer(page2)(),
      "DELETE /api/orders/o3": () => {
        page2 = [order("o4")];
        return { message: "Order Deleted" };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    await waitFor(() => expect(rowIds()).toEqual(["o1"]));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(rowIds()).toEqual(["o3", "o4"]));
    const row = document.querySelector('tr[data-order-id="o3"]') as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: "Delete" }));
    await userEvent.click(await screen.findByRole("button", { name: "OK" }));
    await waitFor(() => expect(rowIds()).toEqual(["o4"]));
    expect(screen.getByText("Page 2")).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`).slice(-2)).toEqual([
      "DELETE /api/orders/o3",
      `GET ${PAGE_2}`,
    ]);
  });

  it("shows a whole list from a server that does not page, with no Previous or Next", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders": [order("o1"), order("o2"), order("o3")] }).fetch);
    render();
    await waitFor(() => expect(rowIds()).toEqual(["o1", "o2", "o3"]));
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();
  });
});
