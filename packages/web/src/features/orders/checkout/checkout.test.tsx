import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getShopState, shop } from "../../../lib/shop-store.ts";
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

describe("checkout", () => {
  it("shows 'Add Your Shipping Address First' and blocks Place Order until the address is saved", async () => {
    renderScreen(<CheckoutPage />, { path: "/checkout", routes: { "/placeorder": "preview screen" } });
    expect(screen.getByRole("alert")).toHaveTextContent(ADD_ADDRESS_FIRST);
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();

    fill(screen.getByLabelText(/Full Name/), "Ann Lee");
    fill(screen.getByLabelText(/^Address/), "1 Orchard Lane");
    fill(screen.getByLabelText(/City/), "Montréal");
    fill(screen.getByLabelText(/Postal Code/), "H2X 1Y4");
    fill(screen.getByLabelText(/Country/), "Canada");
    fill(screen.getByLabelText(/Comments/), "Ring twice");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.queryByText(ADD_ADDRESS_FIRST)).not.toBeInTheDocument();
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
    expect(screen.getByText(ADD_ADDRESS_FIRST)).toBeInTheDocument();
  });

  it("keeps the notice away once a full address was saved earlier", () => {
    shop.saveShippingAddress({ fullName: "A", address: "B", city: "C", postalCode: "D", country: "E" });
    renderScreen(<CheckoutPage />, { path: "/checkout" });
    expect(screen.queryByText(ADD_ADDRESS_FIRST)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled();
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
