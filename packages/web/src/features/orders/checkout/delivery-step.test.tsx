import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getShopState, shop } from "../../../lib/shop-store.ts";
import { fakeApi, renderScreen, resetShop } from "../../../test/render.tsx";
import { DeliveryStep } from "./delivery-step.tsx";

const slot = (id: string, remaining: number) => ({
  id,
  date: id.slice(0, 10),
  start: `${id.slice(11, 13)}:${id.slice(13, 15)}`,
  end: `${id.slice(16, 18)}:${id.slice(18, 20)}`,
  startsAt: "2026-12-05T14:00:00.000Z",
  endsAt: "2026-12-05T16:00:00.000Z",
  cutoffAt: "2026-12-04T23:00:00.000Z",
  capacity: 5,
  remaining,
});

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

describe("checkout's Delivery step", () => {
  it("shows each window as a card with its seats left; a full one cannot be chosen; a choice is kept with the cart", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/delivery/slots": [slot("2026-12-05-0900-1100", 3), slot("2026-12-05-1100-1300", 0)],
      }).fetch,
    );
    renderScreen(<DeliveryStep />, { path: "/checkout" });
    const cards = await screen.findAllByRole("radio");
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent("Sat, Dec 5");
    expect(cards[0]).toHaveTextContent("09:00–11:00");
    expect(cards[0]).toHaveTextContent("3 seats left");
    expect(cards[1]).toHaveTextContent("Full");
    expect(cards[1]).toBeDisabled();
    await userEvent.click(cards[0]!);
    expect(getShopState().deliverySlot).toEqual({
      id: "2026-12-05-0900-1100",
      date: "2026-12-05",
      start: "09:00",
      end: "11:00",
    });
    expect(cards[0]).toHaveAttribute("aria-checked", "true");
  });

  it("shows nothing while the shop has no windows", async () => {
    const api = fakeApi({ "GET /api/delivery/slots": [] });
    vi.stubGlobal("fetch", api.fetch);
    const { container } = renderScreen(<DeliveryStep />, { path: "/checkout" });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container.querySelector("section")).toBeNull();
  });

  it("asks only the windows that serve the saved address, by its postal code and map location, and drops a chosen one that does not", async () => {
    shop.saveShippingAddress({
      fullName: "Ann",
      address: "1 Main",
      city: "Montreal",
      postalCode: "H2X 1Y4",
      country: "CA",
      location: { lat: 45.52, lng: -73.58 },
    });
    shop.saveDeliverySlot({ id: "2026-12-04-0900-1100", date: "2026-12-04", start: "09:00", end: "11:00" });
    const api = fakeApi({
      // Every window (a Friday and a Tuesday), and the Tuesday alone for the address's zone.
      "GET /api/delivery/slots": [slot("2026-12-04-0900-1100", 3), slot("2026-12-08-0900-1100", 3)],
      "GET /api/delivery/slots?postalCode=H2X+1Y4&lat=45.52&lng=-73.58": [slot("2026-12-08-0900-1100", 3)],
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<DeliveryStep />, { path: "/checkout" });
    const cards = await screen.findAllByRole("radio");
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent("Tue, Dec 8");
    expect(api.calls.map((call) => call.path)).toEqual([
      "/api/delivery/slots?postalCode=H2X+1Y4&lat=45.52&lng=-73.58",
    ]);
    await vi.waitFor(() => expect(getShopState().deliverySlot).toBeNull());
  });
});
