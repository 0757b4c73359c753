import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { getShopState, shop } from "../../../lib/shop-store.ts";
import { renderScreen, resetShop } from "../../../test/render.tsx";
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
});
