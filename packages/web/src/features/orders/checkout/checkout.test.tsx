import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getShopState, shop } from "../../../lib/shop-store.ts";
import { product } from "../../../test/products.ts";
import { fakeApi, renderScreen, resetShop } from "../../../test/render.tsx";
import { CheckoutPage } from "./checkout-page.tsx";
import { ADD_ADDRESS_FIRST } from "./payment-panel.tsx";

const ann = { _id: "u1", name: "Ann", email: "ann@example.com", isAdmin: false, token: "t" };

/** Typing character by character is slow under a loaded test run; a change event is what matters. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeEach(() => {
  resetShop();
  shop.signIn(ann);
});
afterEach(() => vi.unstubAllGlobals());

describe("checkout", () => {
  it("shows 'Add Your Shipping Address First' and blocks Place Order until the address is saved", async () => {
    renderScreen(<CheckoutPage />, { path: "/checkout", routes: { "/placeorder": "preview screen" } });
    expect(screen.getByRole("alert")).toHaveTextContent(String(ADD_ADDRESS_FIRST.defaultMessage));
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();

    fill(screen.getByLabelText(/Full Name/), "Ann Lee");
    fill(screen.getByLabelText(/^Address/), "1 Orchard Lane");
    fill(screen.getByLabelText(/City/), "Montréal");
    fill(screen.getByLabelText(/Postal Code/), "H2X 1Y4");
    fill(screen.getByLabelText(/Country/), "Canada");
    fill(screen.getByLabelText(/Comments/), "Ring twice");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.queryByText(String(ADD_ADDRESS_FIRST.defaultMessage))).not.toBeInTheDocument();
    expect(getShopState().shippingAddress).toEqual({
      fullName: "Ann Lee",
      address: "1 Orchard Lane",
      city: "Montréal",
      postalCode: "H2X 1Y4",
      country: "Canada",
    });
    // PayPal is the default; Place Order saves the method and opens the preview.
    expect(screen.getByRole("radio", { name: /^PayPal/ })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    expect(getShopState().paymentMethod).toBe("PayPal");
    expect(screen.getByText("preview screen")).toBeInTheDocument();
  });

  it("requires every address field", async () => {
    renderScreen(<CheckoutPage />, { path: "/checkout" });
    fill(screen.getByLabelText(/Full Name/), "Ann Lee");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Address is required")).toBeInTheDocument();
    expect(screen.getByText("Country is required")).toBeInTheDocument();
    expect(getShopState().shippingAddress).toBeNull();
    expect(screen.getByText(String(ADD_ADDRESS_FIRST.defaultMessage))).toBeInTheDocument();
  });

  it("keeps the notice away once a full address was saved earlier", () => {
    shop.saveShippingAddress({ fullName: "A", address: "B", city: "C", postalCode: "D", country: "E" });
    renderScreen(<CheckoutPage />, { path: "/checkout" });
    expect(screen.queryByText(String(ADD_ADDRESS_FIRST.defaultMessage))).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled();
  });

  it("before the address is saved, shows the zone of the postal code being typed and only the windows that serve it", async () => {
    shop.addToCart({ ...product({ _id: "p1", price: 20, countInStock: 9 }), quantity: 1 });
    const window = (id: string) => ({
      id,
      date: id.slice(0, 10),
      start: "09:00",
      end: "11:00",
      startsAt: `${id.slice(0, 10)}T14:00:00.000Z`,
      endsAt: `${id.slice(0, 10)}T16:00:00.000Z`,
      cutoffAt: `${id.slice(0, 10)}T13:00:00.000Z`,
      capacity: 5,
      remaining: 5,
    });
    const api = fakeApi({
      "GET /api/delivery/slots": [window("2026-12-04-0900-1100"), window("2026-12-08-0900-1100")],
      "GET /api/delivery/slots?postalCode=H2X+1Y4": [window("2026-12-08-0900-1100")],
      "GET /api/delivery/quote": {
        zone: { id: "north", name: "North" },
        shippingPrice: 8,
        freeOver: null,
        minimumItemsPrice: 30,
        weekdays: [2],
        taxRates: [{ id: "standard", rate: 15 }],
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<CheckoutPage />, { path: "/checkout" });
    expect(await screen.findAllByRole("radio", { name: /Dec/ })).toHaveLength(2);
    const postal = screen.getByLabelText(/Postal Code/);
    fill(postal, "H2X 1Y4");
    fireEvent.blur(postal);
    const note = await screen.findByTestId("zone-note");
    expect(note).toHaveTextContent("Delivery zone: North — $8.00 delivery");
    expect(note).toHaveTextContent("add $10.00 more");
    await waitFor(() => expect(screen.getAllByRole("radio", { name: /Dec/ })).toHaveLength(1));
    expect(screen.getByRole("radio", { name: /Dec/ })).toHaveTextContent("Tue, Dec 8");
    expect(api.calls.map((call) => call.path)).toContain(
      "/api/delivery/quote?postalCode=H2X+1Y4&itemsPrice=20.00",
    );
    // Not yet a whole address: payment still waits for it.
    expect(screen.getByText(String(ADD_ADDRESS_FIRST.defaultMessage))).toBeInTheDocument();
  });
});

describe("checkout with saved addresses", () => {
  const home = {
    _id: "a1",
    fullName: "Ann Home",
    address: "1 Orchard Lane",
    city: "Montréal",
    postalCode: "H2X 1Y4",
    country: "Canada",
    location: { lat: 45.5, lng: -73.6 },
    isDefault: true,
  };
  const work = { ...home, _id: "a2", fullName: "Ann Work", address: "9 Market St", isDefault: false };
  delete (work as { location?: unknown }).location;
  afterEach(() => vi.unstubAllGlobals());

  it("preselects the default (map location included), switches to another, and saves a new one when asked", async () => {
    const api = fakeApi({ "GET /api/users/addresses": [home, work], "POST /api/users/addresses": work });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<CheckoutPage />, { path: "/checkout" });
    expect(await screen.findByRole("radio", { name: /Ann Home.*\(default\)/ })).toBeChecked();
    const { _id, isDefault, ...homeAddress } = home;
    expect(getShopState().shippingAddress).toEqual(homeAddress);

    await userEvent.click(screen.getByRole("radio", { name: /Ann Work/ }));
    expect(screen.getByLabelText(/Full Name/)).toHaveValue("Ann Work");
    expect(getShopState().shippingAddress).toEqual({
      ...homeAddress,
      fullName: "Ann Work",
      address: "9 Market St",
      location: undefined,
    });
    expect(screen.queryByLabelText("Save this address")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("radio", { name: "A new address" }));
    fill(screen.getByLabelText(/Full Name/), "Ann Cottage");
    await userEvent.click(screen.getByLabelText("Save this address"));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    const posted = api.calls.find((call) => call.method === "POST");
    expect(posted?.body).toMatchObject({ fullName: "Ann Cottage", address: "9 Market St" });
  });
});
