import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getShopState, shop } from "../../lib/shop-store.ts";
import { product } from "../../test/products.ts";
import { fakeApi, renderScreen, resetShop } from "../../test/render.tsx";
import { CartPage } from "./cart-page.tsx";

const mango = product({ _id: "p1", name: "Honey Mangoes", countInStock: 9, price: 10 });

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

describe("the cart's promotion code (docs/decisions/049)", () => {
  it("shows the server's preview: the saving per line, a discount row and the discounted totals", async () => {
    shop.addToCart({ ...mango, quantity: 2 });
    const api = fakeApi({
      "POST /api/promotions/preview": {
        code: "SPRING-20",
        discountPrice: 4,
        shippingDiscount: 0,
        lines: [{ _id: "p1", discount: 4 }],
        itemsPrice: 20,
        shippingPrice: 10,
        taxPrice: 2.4,
        totalPrice: 28.4,
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<CartPage />);
    await userEvent.type(screen.getByLabelText("Promotion code"), "spring-20");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Honey Mangoes: −$4.00")).toBeInTheDocument();
    expect(screen.getByText("Discount (SPRING-20)")).toBeInTheDocument();
    expect(screen.getByText("$28.40")).toBeInTheDocument();
    expect(getShopState().promoCode).toBe("spring-20");
    expect(api.calls.at(-1)?.body).toEqual({ code: "spring-20", orderItems: [{ _id: "p1", quantity: 2 }] });
  });

  it("says why a code does not apply by its code, never the server's sentence", async () => {
    shop.addToCart({ ...mango, quantity: 1 });
    shop.savePromoCode("MIN30");
    const refusal = { message: "a sentence that may change", code: "PROMO_MIN_NOT_MET", missing: 20 };
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "POST /api/promotions/preview": () => new Response(JSON.stringify(refusal), { status: 409 }),
      }).fetch,
    );
    renderScreen(<CartPage />);
    expect(await screen.findByText("Add $20.00 more to your cart to use this code.")).toBeInTheDocument();
    expect(screen.queryByText(/a sentence that may change/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(getShopState().promoCode).toBeNull();
  });
});
