import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeIntl } from "../../i18n/page-intl.ts";
import { getShopState } from "../../lib/shop-store.ts";
import { fakeApi, renderScreen, resetShop } from "../../test/render.tsx";
import { PASSWORDS_DO_NOT_MATCH } from "./passwords-match.ts";
import { validateRegister } from "./register-form-rules.ts";
import { RegisterPage } from "./register-page.tsx";
import { safeRedirect } from "./use-redirect-target.ts";

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

async function fill(values: { name: string; email: string; password: string; confirm: string }) {
  if (values.name) fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: values.name } });
  if (values.email) fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: values.email } });
  if (values.password)
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: values.password } });
  if (values.confirm)
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: values.confirm } });
  await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
}

describe("register", () => {
  it("refuses mismatched passwords with 'Passwords do not match' and sends nothing", async () => {
    const api = fakeApi({});
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<RegisterPage />, { path: "/register" });
    await fill({ name: "Ann", email: "ann@example.com", password: "secret123", confirm: "secret124" });
    expect(screen.getByText(String(PASSWORDS_DO_NOT_MATCH.defaultMessage))).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("requires a name and a valid e-mail", () => {
    const errors = validateRegister(
      { name: " ", email: "not-an-email", password: "secret123", confirmPassword: "secret123" },
      {
        t: makeIntl("en", {}).formatMessage,
        labels: { name: "Name", email: "Email", password: "Password" },
      },
    );
    expect(errors.name).toBe("Name is required");
    expect(errors.email).toMatch(/email/i);
    expect(errors.confirmPassword).toBeUndefined();
  });

  it("signs the new user in and follows ?redirect=", async () => {
    const user = { _id: "u9", name: "Ann", email: "ann@example.com", isAdmin: false, token: "tok" };
    const api = fakeApi({ "POST /api/users/signup": user });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<RegisterPage />, {
      path: "/register?redirect=/checkout",
      routes: { "/checkout": "checkout screen" },
    });
    await fill({ name: "Ann", email: "ann@example.com", password: "secret123", confirm: "secret123" });
    expect(await screen.findByText("checkout screen")).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ name: "Ann", email: "ann@example.com", password: "secret123" });
    await waitFor(() => expect(getShopState().userInfo?.token).toBe("tok"));
  });

  it("only follows same-site redirects", () => {
    expect(safeRedirect("/checkout")).toBe("/checkout");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect(null)).toBe("/");
  });
});
