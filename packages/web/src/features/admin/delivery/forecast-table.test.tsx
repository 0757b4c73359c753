import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetcher } from "../../../lib/api.ts";
import { shop } from "../../../lib/shop-store.ts";
import { fakeApi, resetShop } from "../../../test/render.tsx";
import { ForecastTable } from "./forecast-table.tsx";

/** The admin's harvest forecast (GET /api/delivery/forecast, docs/decisions/051-standing-orders.md). */

/** The table as the admin's Delivery screen holds it: under the app's SWR fetcher. */
const renderForecast = () =>
  render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fetcher }}>
        <MemoryRouter>
          <ForecastTable />
        </MemoryRouter>
      </SWRConfig>
    </MantineProvider>,
  );

beforeEach(() => {
  resetShop();
  shop.signIn({ _id: "a1", name: "Root", email: "root@example.com", isAdmin: true, token: "t" });
});
afterEach(() => vi.unstubAllGlobals());

describe("the harvest forecast", () => {
  it("lists one row per window date and product, in the product's unit, and prints", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/delivery/forecast?weeks=4": [
          {
            date: "2026-12-08",
            start: "10:00",
            end: "12:00",
            products: [
              { _id: "p1", name: "Kiwis", unit: "kg", quantity: 12.5 },
              { _id: "p2", name: "Melons", unit: "piece", quantity: 7 },
            ],
          },
          {
            date: "2026-12-15",
            start: "10:00",
            end: "12:00",
            products: [{ _id: "p1", name: "Kiwis", unit: "kg", quantity: 3 }],
          },
        ],
      }).fetch,
    );
    const print = vi.fn();
    vi.stubGlobal("print", print);
    renderForecast();
    const rows = await screen.findAllByTestId("forecast-row");
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["2026-12-08", "10:00–12:00", "Kiwis", "12.5 kg"],
      ["2026-12-08", "10:00–12:00", "Melons", "7 pcs"],
      ["2026-12-15", "10:00–12:00", "Kiwis", "3 kg"],
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("says when there is nothing to pick", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/delivery/forecast?weeks=4": [] }).fetch);
    renderForecast();
    expect(await screen.findByText("Nothing to pick in the next four weeks")).toBeInTheDocument();
  });
});
