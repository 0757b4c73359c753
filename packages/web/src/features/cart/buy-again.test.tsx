import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getShopState, shop } from "../../lib/shop-store.ts";
import { order, orderLine } from "../../test/orders.ts";
import { product } from "../../test/products.ts";
import { fakeApi, renderScreen, resetShop } from "../../test/render.tsx";
import { planBuyAgain, quantityToday } from "./buy-again.ts";
import { BuyAgainButton } from "./buy-again-button.tsx";

const cherries = orderLine({ _id: "c", name: "Cherries", price: 12, unit: "kg", step: 0.25, quantity: 1.5 });
const melon = orderLine({ _id: "m", name: "Melon", price: 3.5, unit: "piece", step: 1, quantity: 2 });
const figs = orderLine({ _id: "f", name: "Figs", price: 8, unit: "kg", step: 0.5, quantity: 1 });

describe("buy again's rule", () => {
  it("caps a line at today's stock in whole steps, and leaves out one without a whole step", () => {
    const today = { unit: "kg", step: 0.25, countInStock: 1.1 } as const;
    expect(quantityToday(cherries, today)).toBe(1);
    expect(quantityToday(cherries, { ...today, countInStock: 9 })).toBe(1.5);
    expect(quantityToday(cherries, { ...today, countInStock: 0.2 })).toBe(0);
    // Sold by the piece now: one step, never the kilograms read as pieces.
    expect(quantityToday(cherries, { unit: "piece", step: 1, countInStock: 40 })).toBe(1);
  });

  it("takes today's prices and says what changed for each line", () => {
    const plan = planBuyAgain(
      [cherries, melon, figs],
      new Map([
        [
          "c",
          product({ _id: "c", name: "Cherries", price: 13.5, unit: "kg", step: 0.25, countInStock: 0.75 }),
        ],
        ["m", product({ _id: "m", name: "Melon", price: 3, unit: "piece", step: 1, countInStock: 10 })],
        ["f", undefined],
      ]),
    );
    expect(plan.items.map(({ _id, price, quantity }) => ({ _id, price, quantity }))).toEqual([
      { _id: "c", price: 13.5, quantity: 0.75 },
      { _id: "m", price: 3, quantity: 2 },
    ]);
    expect(plan.changes).toEqual([
      { kind: "price up", name: "Cherries", was: 12, now: 13.5 },
      { kind: "capped", name: "Cherries", wanted: 1.5, given: 0.75, unit: "kg" },
      { kind: "price down", name: "Melon", was: 3.5, now: 3 },
      { kind: "unavailable", name: "Figs" },
    ]);
  });

  it("says nothing changed when prices and stock are as they were, and keeps the substitute choice", () => {
    const line = { ...melon, substitute: "allowed" as const };
    const plan = planBuyAgain(
      [line],
      new Map([["m", product({ _id: "m", price: 3.5, unit: "piece", step: 1, countInStock: 5 })]]),
    );
    expect(plan.changes).toEqual([]);
    expect(plan.items[0]).toMatchObject({ quantity: 2, substitute: "allowed" });
  });
});

describe("the Buy again button", () => {
  beforeEach(() => resetShop());
  afterEach(() => vi.unstubAllGlobals());

  it("puts the order's lines in the cart at today's prices and tells what changed", async () => {
    const api = fakeApi({
      "GET /api/products/c": product({
        _id: "c",
        name: "Cherries",
        price: 12,
        unit: "kg",
        step: 0.25,
        countInStock: 1,
      }),
      "GET /api/products/m": product({
        _id: "m",
        name: "Melon",
        price: 4,
        unit: "piece",
        step: 1,
        countInStock: 0,
      }),
      // Figs are no longer sold: 404.
    });
    vi.stubGlobal("fetch", api.fetch);
    shop.addToCart({ ...cherries, countInStock: 9, quantity: 0.25 });
    const placed = order({ orderItems: [cherries, melon, figs] });
    renderScreen(<BuyAgainButton lines={placed.orderItems} orderId={placed._id} />, {
      routes: { "/cart": "Cart" },
    });
    await userEvent.click(screen.getByRole("button", { name: "Buy again order o1" }));
    const told = await screen.findByRole("status");
    expect(within(told).getByText("1 line put in your cart")).toBeInTheDocument();
    expect(within(told).getByText("Cherries: only 1 kg in stock (you had 1.5 kg)")).toBeInTheDocument();
    expect(within(told).getByText("Melon: not available today, left out")).toBeInTheDocument();
    expect(within(told).getByText("Figs: not available today, left out")).toBeInTheDocument();
    expect(getShopState().cartItems).toEqual([expect.objectContaining({ _id: "c", price: 12, quantity: 1 })]);
    await userEvent.click(within(told).getByRole("link", { name: "Go to cart" }));
    expect(await screen.findByText("Cart")).toBeInTheDocument();
  });

  it("says so when nothing of the order is available, leaving the cart as it was", async () => {
    vi.stubGlobal("fetch", fakeApi({}).fetch);
    renderScreen(<BuyAgainButton lines={[figs]} orderId="o2" />);
    await userEvent.click(screen.getByRole("button", { name: "Buy again order o2" }));
    expect(await screen.findByText("Nothing of this order is available today")).toBeInTheDocument();
    expect(getShopState().cartItems).toEqual([]);
  });
});
