import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApi } from "../../../lib/api.ts";
import { getShopState, shop } from "../../../lib/shop-store.ts";
import { product } from "../../../test/products.ts";
import { fakeApi, renderScreen, resetShop } from "../../../test/render.tsx";
import { RestockAlertBox } from "./restock-alert-box.tsx";

const soldOut = {
  ...product({ _id: "p1", slug: "raspberries", name: "Raspberries", countInStock: 0 }),
  reviews: [],
};
const path = "/api/products/p1/restock-alerts";

beforeEach(() => {
  resetShop();
  configureApi({ token: () => getShopState().userInfo?.token, onUnauthorized: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe("Notify me when it's back", () => {
  it("asks a visitor to sign in first, coming back to the product", () => {
    renderScreen(<RestockAlertBox product={soldOut} />, { path: "/product/raspberries" });
    expect(screen.getByRole("link", { name: "Sign in to be told when it's back" })).toHaveAttribute(
      "href",
      "/login?redirect=%2Fproduct%2Fraspberries",
    );
  });

  it("lets a shopper ask and withdraw, with the API's answer", async () => {
    shop.signIn({ _id: "u1", name: "Ann", email: "a@example.com", isAdmin: false, token: "t" });
    const api = fakeApi({
      [`GET ${path}`]: { subscribed: false },
      [`POST ${path}`]: { subscribed: true },
      [`DELETE ${path}`]: { subscribed: false },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<RestockAlertBox product={soldOut} />, { path: "/product/raspberries" });
    await userEvent.click(await screen.findByRole("button", { name: "Notify me when it's back" }));
    expect(await screen.findByText("We will e-mail you when it is back in stock.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Stop telling me" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Notify me when it's back" })).toBeEnabled(),
    );
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET ${path}`,
      `POST ${path}`,
      `DELETE ${path}`,
    ]);
  });

  it("shows an administrator how many are waiting", async () => {
    shop.signIn({ _id: "a1", name: "Admin", email: "admin@example.com", isAdmin: true, token: "t" });
    vi.stubGlobal("fetch", fakeApi({ [`GET ${path}`]: { subscribed: false, waiting: 12 } }).fetch);
    renderScreen(<RestockAlertBox product={soldOut} />, { path: "/product/raspberries" });
    expect(await screen.findByText("12 people are waiting for it.")).toBeInTheDocument();
  });
});
