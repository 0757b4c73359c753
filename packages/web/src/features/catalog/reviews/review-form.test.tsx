import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApi } from "../../../lib/api.ts";
import { getShopState, shop } from "../../../lib/shop-store.ts";
import { fakeApi, renderScreen, resetShop } from "../../../test/render.tsx";
import { REVIEW_MISSING_MESSAGE, ReviewForm } from "./review-form.tsx";
import { ReviewSection } from "./review-section.tsx";

const mango = { _id: "p1", slug: "mango" };

beforeEach(() => {
  resetShop();
  configureApi({ token: () => getShopState().userInfo?.token, onUnauthorized: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe("review form", () => {
  it("offers visitors a sign-in link that comes back to the product", () => {
    renderScreen(<ReviewSection product={mango} />);
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/login?redirect=/product/mango",
    );
  });

  it("lists the five ratings with the labels of docs/product.md §5", () => {
    shop.signIn({ _id: "u1", name: "Ann", email: "a@example.com", isAdmin: false, token: "t" });
    renderScreen(<ReviewForm product={mango} />);
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual(["Select...", "1- Poor", "2- Fair", "3- Good", "4- Very good", "5- Excelent"]);
  });

  it("asks for both comment and rating before sending anything", async () => {
    shop.signIn({ _id: "u1", name: "Ann", email: "a@example.com", isAdmin: false, token: "t" });
    const api = fakeApi({});
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ReviewForm product={mango} />);
    await userEvent.type(screen.getByLabelText("Comments"), "Lovely");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByText(String(REVIEW_MISSING_MESSAGE.defaultMessage))).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Comments"));
    await userEvent.selectOptions(screen.getByLabelText("Rating"), "5");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByText(String(REVIEW_MISSING_MESSAGE.defaultMessage))).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("posts rating, comment and name, then re-fetches the product", async () => {
    shop.signIn({ _id: "u1", name: "Ann", email: "a@example.com", isAdmin: false, token: "t" });
    const api = fakeApi({
      "POST /api/products/p1/reviews": { message: "Review Created", review: {}, numReviews: 1, rating: 4 },
      "GET /api/products/slug/mango": {},
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ReviewForm product={mango} />);
    await userEvent.selectOptions(screen.getByLabelText("Rating"), "4");
    await userEvent.type(screen.getByLabelText("Comments"), "Very juicy");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() =>
      expect(api.calls[0]?.body).toEqual({ rating: 4, comment: "Very juicy", name: "Ann" }),
    );
    expect(api.calls[0]?.headers.Authorization).toBe("Bearer t");
    expect(screen.queryByText(String(REVIEW_MISSING_MESSAGE.defaultMessage))).not.toBeInTheDocument();
  });
});
