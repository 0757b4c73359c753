import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, configureApi } from "../../lib/api.ts";
import { getShopState, shop } from "../../lib/shop-store.ts";
import { fakeApi, renderScreen, resetShop } from "../../test/render.tsx";
import { ProfilePage } from "./profile-page.tsx";

const ann = { _id: "u1", name: "Ann", email: "ann@example.com", isAdmin: false };

beforeEach(() => {
  resetShop();
  configureApi({ token: () => getShopState().userInfo?.token, onUnauthorized: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe("profile", () => {
  it("keeps the session after a password change by storing the fresh token the server answers", async () => {
    // A password change revokes the tokens issued before it (docs/decisions/009-token-revocation.md).
    shop.signIn({ ...ann, token: "token-before" });
    const fake = fakeApi({
      "PUT /api/users/profile": { ...ann, token: "token-after" },
      "GET /api/orders/mine": [],
    });
    vi.stubGlobal("fetch", fake.fetch);
    renderScreen(<ProfilePage />, { path: "/profile" });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "new-password" } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: "new-password" } });
    await userEvent.click(screen.getByRole("button", { name: "Update" }));

    await waitFor(() => expect(getShopState().userInfo?.token).toBe("token-after"));
    expect(fake.calls[0]?.headers.Authorization).toBe("Bearer token-before");
    expect(JSON.parse(localStorage.getItem("userInfo") ?? "null")?.token).toBe("token-after");
    await api("/api/orders/mine");
    expect(fake.calls.at(-1)?.headers.Authorization).toBe("Bearer token-after");
  });
});
