import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetcher } from "../../../lib/api.ts";
import { shop } from "../../../lib/shop-store.ts";
import { fakeApi, resetShop } from "../../../test/render.tsx";
import { PickListPage } from "./pick-list-page.tsx";

const slot = {
  id: "2026-12-05-0900-1100",
  date: "2026-12-05",
  start: "09:00",
  end: "11:00",
  startsAt: "2026-12-05T14:00:00.000Z",
  endsAt: "2026-12-05T16:00:00.000Z",
  cutoffAt: "2026-12-04T23:00:00.000Z",
  capacity: 5,
  remaining: 2,
  booked: 3,
  closed: false,
};
const address = {
  fullName: "Ann Lee",
  address: "1 Orchard Lane",
  city: "Montréal",
  postalCode: "H2X 1Y4",
  country: "Canada",
};

beforeEach(() => {
  resetShop();
  shop.signIn({ _id: "a1", name: "Root", email: "root@example.com", isAdmin: true, token: "t" });
});
afterEach(() => vi.unstubAllGlobals());

describe("a window's pick list", () => {
  it("shows the totals to pick in each product's unit, then each paid order, with a Print button kept off paper", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/delivery/slots/2026-12-05-0900-1100/picklist": {
          slot,
          orders: [
            {
              _id: "o1",
              customer: "Ann Lee",
              shippingAddress: address,
              isDelivered: false,
              lines: [{ _id: "p1", name: "Cherries", unit: "kg", quantity: 0.75 }],
            },
          ],
          products: [
            { _id: "p1", name: "Cherries", unit: "kg", quantity: 1.25 },
            { _id: "p2", name: "Melon", unit: "piece", quantity: 2 },
          ],
        },
      }).fetch,
    );
    render(
      <MantineProvider>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fetcher }}>
          <MemoryRouter initialEntries={[`/admin/delivery/${slot.id}/picklist`]}>
            <Routes>
              <Route path="/admin/delivery/:id/picklist" element={<PickListPage />} />
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </MantineProvider>,
    );
    expect(
      await screen.findByRole("heading", { name: /Pick list · Sat, Dec 5, 09:00–11:00/ }),
    ).toBeInTheDocument();
    const toPick = screen.getByRole("heading", { name: "To pick" }).closest("section")!;
    const rows = within(toPick)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual(["ProductQuantity", "Cherries1.25 kg", "Melon2"]);
    expect(screen.getByText(/Ann Lee · 1 Orchard Lane/)).toBeInTheDocument();
    expect(screen.getByText(/1 paid order · 3 booked of 5 seats/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Print" }).className).toMatch(/noPrint/);
    const pick = screen.getByRole("link", { name: "Pick and weigh order o1" });
    expect(pick).toHaveAttribute("href", "/admin/order/o1/pick");
    expect(pick.className).toMatch(/noPrint/);
  });
});
