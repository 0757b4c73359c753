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
    expect(fake.calls.find((call) => call.method === "PUT")?.headers.Authorization).toBe(
      "Bearer token-before",
    );
    expect(JSON.parse(localStorage.getItem("userInfo") ?? "null")?.token).toBe("token-after");
    await api("/api/orders/mine");
    expect(fake.calls.at(-1)?.headers.Authorization).toBe("Bearer token-after");
  });
});

describe("saved addresses on the profile", () => {
  const home = {
    _id: "a1",
    fullName: "Ann",
    address: "1 Orchard",
    city: "Montreal",
    postalCode: "H2X",
    country: "CA",
    isDefault: true,
  };
  const work = { ...home, _id: "a2", address: "9 Market", isDefault: false };

  it("lists them with the default marked, makes another the default, edits and deletes", async () => {
    shop.signIn({ ...ann, token: "t" });
    let list = [home, work];
    const fake = fakeApi({
      "GET /api/users/addresses": () => list,
      "PUT /api/users/addresses/a2": (body: unknown) => {
        const sent = body as typeof work;
        list = [
          { ...home, isDefault: !sent.isDefault },
          { ...work, ...sent, isDefault: sent.isDefault || work.isDefault },
        ];
        return list[1];
      },
      "DELETE /api/users/addresses/a1": () => {
        list = [{ ...list[1]!, isDefault: true }];
        return { message: "Address Deleted" };
      },
    });
    vi.stubGlobal("fetch", fake.fetch);
    renderScreen(<ProfilePage />, { path: "/profile" });
    expect(await screen.findByText("Default")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Make Ann, 9 Market the default" }));
    expect(fake.calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      address: "9 Market",
      isDefault: true,
    });
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /Make Ann, 9 Market/ })).not.toBeInTheDocument(),
    );

    await userEvent.click(screen.getByRole("button", { name: "Edit Ann, 9 Market" }));
    fireEvent.change(screen.getByDisplayValue("9 Market"), { target: { value: "10 Market" } });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.method === "PUT").at(-1)?.body).toMatchObject({
        address: "10 Market",
      }),
    );

    await userEvent.click(await screen.findByRole("button", { name: "Delete Ann, 1 Orchard" }));
    await waitFor(() => expect(screen.queryByText("1 Orchard")).not.toBeInTheDocument());
    expect(
      fake.calls.some((call) => call.method === "DELETE" && call.path === "/api/users/addresses/a1"),
    ).toBe(true);
  });
});
