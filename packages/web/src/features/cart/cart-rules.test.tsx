import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getShopState, shop } from "../../lib/shop-store.ts";
import { product } from "../../test/products.ts";
import { fakeApi, renderScreen, resetShop } from "../../test/render.tsx";
import { addToCart, OUT_OF_STOCK_MESSAGE } from "./add-to-cart.ts";
import { CART_EMPTY_MESSAGE, CartPage } from "./cart-page.tsx";

const mango = product({ _id: "p1", countInStock: 3, price: 5.99 });

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

describe("addToCart (docs/product.md §5)", () => {
  it("reads the product fresh and adds one", async () => {
    const api = fakeApi({ "GET /api/products/p1": mango });
    vi.stubGlobal("fetch", api.fetch);
    await expect(addToCart(mango)).resolves.toBe(true);
    expect(getShopState().cartItems).toEqual([
      expect.objectContaining({ _id: "p1", quantity: 1, countInStock: 3 }),
    ]);
    expect(api.calls).toHaveLength(1);
  });

  it("refuses with the alert when the server's stock is below the wanted quantity, leaving the cart unchanged", async () => {
    shop.addToCart({ ...mango, quantity: 2 });
    // The page showed 3 in stock; meanwhile someone bought one.
    vi.stubGlobal("fetch", fakeApi({ "GET /api/products/p1": { ...mango, countInStock: 2 } }).fetch);
    renderScreen(<p>page</p>);
    await expect(addToCart(mango)).resolves.toBe(false);
    expect(getShopState().cartItems).toEqual([expect.objectContaining({ _id: "p1", quantity: 2 })]);
    expect(await screen.findByText(String(OUT_OF_STOCK_MESSAGE.defaultMessage))).toBeInTheDocument();
  });

  it("takes the server's current price into the cart", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/products/p1": { ...mango, price: 6.5 } }).fetch);
    await addToCart(mango);
    expect(getShopState().cartItems[0]?.price).toBe(6.5);
  });

  it("keeps the line's substitute choice when its quantity changes", async () => {
    shop.addToCart({ ...mango, quantity: 1 });
    shop.setSubstitute("p1", "allowed");
    vi.stubGlobal("fetch", fakeApi({ "GET /api/products/p1": mango }).fetch);
    await addToCart(mango, { quantity: 2 });
    expect(getShopState().cartItems).toEqual([
      expect.objectContaining({ _id: "p1", quantity: 2, substitute: "allowed" }),
    ]);
  });
});

describe("cart page", () => {
  it("says the cart is empty", () => {
    renderScreen(<CartPage />, { path: "/cart" });
    expect(screen.getByText(String(CART_EMPTY_MESSAGE.defaultMessage))).toBeInTheDocument();
  });

  it("disables minus at 1 and plus at the stock", () => {
    shop.addToCart({ ...mango, quantity: 1 });
    shop.addToCart({ ...product({ _id: "p2", slug: "kiwi", name: "Kiwi", countInStock: 2 }), quantity: 2 });
    renderScreen(<CartPage />, { path: "/cart" });
    expect(screen.getByRole("button", { name: "Decrease quantity of Honey Mangoes" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Increase quantity of Honey Mangoes" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Decrease quantity of Kiwi" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Increase quantity of Kiwi" })).toBeDisabled();
  });

  it("raises a quantity through the stock check and refuses when the stock ran out", async () => {
    shop.addToCart({ ...mango, quantity: 1 });
    let stock = 3;
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/products/p1": () => ({ ...mango, countInStock: stock }) }).fetch,
    );
    renderScreen(<CartPage />, { path: "/cart" });
    await userEvent.click(screen.getByRole("button", { name: "Increase quantity of Honey Mangoes" }));
    await waitFor(() => expect(getShopState().cartItems[0]?.quantity).toBe(2));
    stock = 2;
    shop.addToCart({ ...mango, quantity: 2, countInStock: 3 });
    await userEvent.click(screen.getByRole("button", { name: "Increase quantity of Honey Mangoes" }));
    expect(await screen.findByText(String(OUT_OF_STOCK_MESSAGE.defaultMessage))).toBeInTheDocument();
    expect(getShopState().cartItems[0]?.quantity).toBe(2);
  });

  it("shows subtotal, shipping, tax and total from the pricing function", () => {
    // 3 × 5.99 = 17.97 → shipping 10, tax 2.70 (15 %, rounded), total 30.67
    shop.addToCart({ ...mango, quantity: 3 });
    renderScreen(<CartPage />, { path: "/cart" });
    const totals = screen.getByRole("region", { name: "Order summary" });
    expect(totals).toHaveTextContent("Subtotal$17.97");
    expect(totals).toHaveTextContent("Shipping$10.00");
    expect(totals).toHaveTextContent("Tax (15%)$2.70");
    expect(totals).toHaveTextContent("Total$30.67");
  });

  it("carries the product's tax class into the cart and taxes by the rates of the address's quote", async () => {
    const apples = product({ _id: "p4", countInStock: 9, price: 5, taxClass: "produce" });
    const api = fakeApi({
      "GET /api/products/p4": apples,
      "GET /api/delivery/quote": {
        zone: null,
        shippingPrice: 10,
        freeOver: 100,
        minimumItemsPrice: 0,
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        taxRates: [
          { id: "standard", rate: 15 },
          { id: "produce", rate: 0 },
        ],
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    await addToCart(apples, { quantity: 2 });
    expect(getShopState().cartItems[0]?.taxClass).toBe("produce");
    shop.saveShippingAddress({
      fullName: "Ann",
      address: "1 Main",
      city: "Montreal",
      postalCode: "H2X",
      country: "CA",
    });
    renderScreen(<CartPage />, { path: "/cart" });
    const totals = screen.getByRole("region", { name: "Order summary" });
    // 2 × $5 of produce at 0 %: no tax once the quote answered (15 % before: $1.50).
    await waitFor(() => expect(totals).toHaveTextContent("Total$20.00"));
    expect(totals).toHaveTextContent("$0.00");
  });

  it("without a saved address, asks the quote of a postal code given in the cart and shows its zone before checkout", async () => {
    shop.addToCart({ ...product({ _id: "p5", price: 10, countInStock: 9 }), quantity: 2 });
    const api = fakeApi({
      "GET /api/delivery/quote": {
        zone: { id: "plateau", name: "Plateau" },
        shippingPrice: 15,
        freeOver: 60,
        minimumItemsPrice: 25,
        weekdays: [2],
        taxRates: [{ id: "standard", rate: 15 }],
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<CartPage />, { path: "/cart" });
    const totals = screen.getByRole("region", { name: "Order summary" });
    expect(totals).toHaveTextContent("Shipping$10.00");
    await userEvent.type(screen.getByLabelText("Delivering to? Postal code"), "h2x 1y4");
    await userEvent.click(screen.getByRole("button", { name: "Check delivery" }));
    await waitFor(() => expect(totals).toHaveTextContent("Shipping$15.00"));
    expect(api.calls.map((call) => call.path)).toEqual([
      "/api/delivery/quote?postalCode=h2x+1y4&itemsPrice=20.00",
    ]);
    const note = screen.getByTestId("zone-note");
    expect(note).toHaveTextContent("Delivery zone: Plateau — $15.00 delivery");
    expect(note).toHaveTextContent("add $5.00 more");
    expect(note).toHaveTextContent("Add $40.00 more for free delivery");
    expect(note).toHaveTextContent("Delivered on Tuesday");
    // Kept as the start of the address the checkout's form shows.
    expect(getShopState().shippingAddress?.postalCode).toBe("h2x 1y4");
    expect(screen.queryByLabelText("Delivering to? Postal code")).not.toBeInTheDocument();
  });

  it("ships free above the free-shipping threshold", () => {
    shop.addToCart({ ...product({ _id: "p3", price: 50.5, countInStock: 5 }), quantity: 2 });
    renderScreen(<CartPage />, { path: "/cart" });
    expect(screen.getByRole("region", { name: "Order summary" })).toHaveTextContent("ShippingFree");
  });

  it("steps a weighed line by its step and a piece line by one, with exact line totals", async () => {
    const cherries = product({
      _id: "p4",
      slug: "cherry",
      name: "Cherries",
      price: 12.99,
      unit: "kg",
      step: 0.25,
      countInStock: 0.75,
    });
    const melon = product({
      _id: "p5",
      slug: "melon",
      name: "Melon",
      price: 6.99,
      unit: "piece",
      step: 1,
      countInStock: 4,
    });
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/products/p4": cherries, "GET /api/products/p5": melon }).fetch,
    );
    await addToCart(cherries);
    await addToCart(melon);
    await addToCart(melon);
    renderScreen(<CartPage />, { path: "/cart" });
    expect(screen.getByLabelText("Quantity of Cherries")).toHaveTextContent("0.25 kg");
    expect(screen.getByLabelText("Quantity of Melon")).toHaveTextContent("2 pcs");
    expect(screen.getByText("$12.99 / kg")).toBeInTheDocument();
    expect(screen.getByText("$6.99 / pc")).toBeInTheDocument();
    // 0.25 kg × $12.99 = $3.2475 → $3.25 (half up); 2 × $6.99 = $13.98
    expect(screen.getByText("$3.25")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Decrease quantity of Cherries" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Increase quantity of Cherries" }));
    await userEvent.click(screen.getByRole("button", { name: "Increase quantity of Cherries" }));
    await waitFor(() => expect(screen.getByLabelText("Quantity of Cherries")).toHaveTextContent("0.75 kg"));
    // At the stock (0.75 kg), plus is disabled; 0.75 × 12.99 = 9.7425 → $9.74
    expect(screen.getByRole("button", { name: "Increase quantity of Cherries" })).toBeDisabled();
    expect(screen.getByText("$9.74")).toBeInTheDocument();
    // Items 9.74 + 13.98 = 23.72; shipping 10; tax 3.558 → 3.56; total 37.28
    const totals = screen.getByRole("region", { name: "Order summary" });
    expect(totals).toHaveTextContent("Subtotal$23.72");
    expect(totals).toHaveTextContent("Tax (15%)$3.56");
    expect(totals).toHaveTextContent("Total$37.28");
    expect(getShopState().cartItems.map((line) => line.quantity)).toEqual([0.75, 2]);
  });

  it("sends a visitor to sign in before checkout, and a signed-in user straight on", async () => {
    shop.addToCart({ ...mango, quantity: 1 });
    const routes = { "/login": "login screen", "/checkout": "checkout screen" };
    const view = renderScreen(<CartPage />, { path: "/cart", routes });
    await userEvent.click(screen.getByRole("button", { name: "Check Out" }));
    expect(screen.getByText("login screen")).toBeInTheDocument();
    view.unmount();
    shop.signIn({ _id: "u1", name: "Ann", email: "ann@example.com", isAdmin: false, token: "t" });
    renderScreen(<CartPage />, { path: "/cart", routes });
    await userEvent.click(screen.getByRole("button", { name: "Check Out" }));
    expect(screen.getByText("checkout screen")).toBeInTheDocument();
  });
});
