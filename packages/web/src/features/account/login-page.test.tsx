import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { shop } from "../../lib/shop-store.ts";
import { renderScreen, resetShop } from "../../test/render.tsx";
import { LoginPage } from "./login-page.tsx";

beforeEach(resetShop);

const customer = { _id: "U1", name: "Cathy", email: "c@example.com", isAdmin: false, token: "t" };

describe("login", () => {
  it("sends a signed-in user on to the redirect target", async () => {
    shop.signIn(customer);
    renderScreen(<LoginPage />, { path: "/login?redirect=/checkout", routes: { "/checkout": "CHECKOUT" } });
    expect(await screen.findByText("CHECKOUT")).toBeInTheDocument();
  });

  it("keeps a signed-in customer on /login for an admin page instead of bouncing back and forth", async () => {
    shop.signIn(customer);
    renderScreen(<LoginPage />, {
      path: "/login?redirect=/admin/dashboard",
      routes: { "/admin/dashboard": "DASHBOARD" },
    });
    expect(await screen.findByText(/not an administrator account/)).toBeInTheDocument();
    expect(screen.queryByText("DASHBOARD")).not.toBeInTheDocument();
  });

  it("sends a signed-in administrator on to the admin page", async () => {
    shop.signIn({ ...customer, isAdmin: true });
    renderScreen(<LoginPage />, {
      path: "/login?redirect=/admin/dashboard",
      routes: { "/admin/dashboard": "DASHBOARD" },
    });
    expect(await screen.findByText("DASHBOARD")).toBeInTheDocument();
  });
});
