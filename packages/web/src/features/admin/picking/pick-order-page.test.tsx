import { formatMoney, toDollars } from "@fruit/core/browser/money";
import type { Order } from "@fruit/core/browser/orders";
import { finalCharge } from "@fruit/core/browser/picking";
import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireAdmin } from "../../../app/guards.tsx";
import { routes } from "../../../app/routes.tsx";
import { LocaleProvider } from "../../../i18n/intl.tsx";
import { fetcher } from "../../../lib/api.ts";
import { shop } from "../../../lib/shop-store.ts";
import { order, orderLine } from "../../../test/orders.ts";
import { product } from "../../../test/products.ts";
import { fakeApi, resetShop } from "../../../test/render.tsx";
import { PickOrderPage } from "./pick-order-page.tsx";

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock("../../../lib/notify.ts", () => ({
  notifySuccess: notify.success,
  notifyInfo: notify.info,
  notifyError: notify.error,
}));

/** Paid: 0.75 kg of cherries at $12.49 / kg ($9.37, no substitute) and a melon ($3.50, substitute allowed). */
const paid = order({
  _id: "o1",
  orderItems: [
    orderLine({ _id: "cherries", name: "Cherries", price: 12.49, unit: "kg", step: 0.25, quantity: 0.75 }),
    orderLine({ _id: "melon", name: "Melon", price: 3.5, unit: "piece", quantity: 1, substitute: "allowed" }),
  ],
  itemsPrice: 12.87,
  shippingPrice: 10,
  taxPrice: 1.93,
  totalPrice: 24.8,
});

const finalised: Order = {
  ...paid,
  orderItems: paid.orderItems.map((item) =>
    item._id === "cherries"
      ? { ...item, pickedQuantity: 0.712, finalAmount: 8.89 }
      : { ...item, pickedQuantity: 1, finalAmount: 3.5 },
  ),
  finalItemsPrice: 12.39,
  finalTaxPrice: 1.86,
  finalPrice: 24.25,
  finalizedAt: "2026-11-22T09:00:00.000Z",
};

const cantaloupe = product({
  _id: "cantaloupe",
  name: "Cantaloupe",
  price: 3,
  unit: "piece",
  step: 1,
  countInStock: 4,
});
const cherries = product({ _id: "cherries", name: "Cherries", price: 12.49, unit: "kg", step: 0.25 });

function renderPicking(answers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    "GET /api/orders/o1": paid,
    "GET /api/products": [cherries, cantaloupe],
    ...answers,
  });
  vi.stubGlobal("fetch", api.fetch);
  render(
    // The test environment: no transitions, so the product search's options are shown at once.
    <LocaleProvider>
      <MantineProvider env="test">
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fetcher }}>
          <MemoryRouter initialEntries={["/admin/order/o1/pick"]}>
            <Routes>
              <Route path="/admin/order/:id/pick" element={<PickOrderPage />} />
              <Route path="/order/:id" element={<p>order screen</p>} />
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </MantineProvider>
    </LocaleProvider>,
  );
  return api;
}

const lineCard = (name: string) => screen.getByRole("region", { name });
const preview = () => screen.getByRole("region", { name: "Final charge" });
const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === "POST");

async function pick(name: string, amount: string) {
  const input = within(lineCard(name)).getByRole("textbox", { name: /Picked/ });
  await userEvent.clear(input);
  await userEvent.type(input, amount);
}

async function recordAndConfirm(text: string) {
  await userEvent.click(screen.getByRole("button", { name: "Record final charge" }));
  const dialog = await screen.findByRole("dialog");
  expect(dialog).toHaveTextContent(text);
  await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
}

beforeEach(() => {
  resetShop();
  shop.signIn({ _id: "a1", name: "Root", email: "root@example.com", isAdmin: true, token: "t" });
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe("picking screen", () => {
  it("prefills what was ordered and previews the final charge by core's finalCharge as amounts change", async () => {
    renderPicking({});
    expect(await screen.findByRole("heading", { name: "Pick order o1" })).toBeInTheDocument();
    const cherriesCard = lineCard("Cherries");
    expect(cherriesCard).toHaveTextContent("Ordered 0.75 kg × $12.49 / kg");
    expect(cherriesCard).toHaveTextContent("No substitute");
    expect(lineCard("Melon")).toHaveTextContent("Substitute allowed");
    expect(within(cherriesCard).getByRole("textbox", { name: /Picked/ })).toHaveValue("0.75");
    expect(preview()).toHaveTextContent("Total$24.80");
    expect(preview()).toHaveTextContent("Given back$0.00");

    await pick("Cherries", "0.712");
    // 0.712 kg at $12.49 / kg: $8.89 (the example of core's picking/final-charge.ts).
    expect(lineCard("Cherries")).toHaveTextContent("As picked: $8.89");
    const charge = finalCharge(
      [
        { ordered: { priceCents: 1249, unit: "kg", quantity: 750 }, picked: 712 },
        { ordered: { priceCents: 350, unit: "piece", quantity: 1 }, picked: 1 },
      ],
      1000,
    );
    const dollars = (cents: number) => formatMoney(toDollars(cents));
    expect(preview()).toHaveTextContent(`Subtotal${dollars(charge.itemsCents)}`);
    expect(preview()).toHaveTextContent(`Tax (15%)${dollars(charge.taxCents)}`);
    expect(preview()).toHaveTextContent(`Total${dollars(charge.totalCents)}`);
    expect(preview()).toHaveTextContent(`Given back${dollars(2480 - charge.totalCents)}`);
    expect(preview()).toHaveTextContent("Subtotal$12.39Shipping$10.00Tax (15%)$1.86Total$24.25");
    expect(preview()).toHaveTextContent("Paid$24.80Given back$0.55");

    // Over-picked grams are never charged.
    await pick("Cherries", "0.8");
    expect(lineCard("Cherries")).toHaveTextContent("More than ordered: charged as ordered");
    expect(lineCard("Cherries")).toHaveTextContent("As picked: $9.37");
    // An empty amount is asked for, and nothing can be recorded.
    await userEvent.clear(within(lineCard("Cherries")).getByRole("textbox", { name: /Picked/ }));
    expect(lineCard("Cherries")).toHaveTextContent("Enter the amount picked");
    expect(preview()).toHaveTextContent("Fill in every amount to see the final charge.");
    expect(screen.getByRole("button", { name: "Record final charge" })).toBeDisabled();
  });

  it("records the final with every line and an Idempotency-Key, reports the refund and returns to the order", async () => {
    const api = renderPicking({
      "POST /api/orders/o1/final": {
        order: finalised,
        refund: {
          _id: "r1",
          amount: 0.55,
          reason: "weight adjustment",
          restock: false,
          lines: [],
          status: "completed",
          createdAt: "2026-11-22T09:00:00.000Z",
        },
      },
    });
    await screen.findByRole("heading", { name: "Pick order o1" });
    await pick("Cherries", "0.712");
    await recordAndConfirm("Record the final charge of $24.25 and give back $0.55 through PayPal?");
    expect(await screen.findByText("order screen")).toBeInTheDocument();
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.path).toBe("/api/orders/o1/final");
    expect(posts(api)[0]!.body).toEqual({
      lines: [
        { _id: "cherries", picked: 0.712 },
        { _id: "melon", picked: 1 },
      ],
    });
    expect(posts(api)[0]!.headers["Idempotency-Key"]).toMatch(/^[\x21-\x7E]{1,100}$/);
    expect(notify.success).toHaveBeenCalledWith(
      "Final charge of $24.25 recorded; $0.55 given back through PayPal",
    );
  });

  it.each([
    [
      "pending",
      202,
      notify.info,
      "Final charge of $24.25 recorded; $0.55 sent back, PayPal has not confirmed it yet",
    ],
    [
      "failed",
      201,
      notify.error,
      "Final charge of $24.25 recorded, but PayPal refused to give back $0.55: refund it from the order screen",
    ],
  ])("says so when PayPal's refund of the adjustment is %s", async (status, code, told, text) => {
    const refund = { _id: "r1", amount: 0.55, reason: "weight adjustment", restock: false, lines: [] };
    renderPicking({
      "POST /api/orders/o1/final": () =>
        new Response(
          JSON.stringify({
            order: finalised,
            refund: { ...refund, status, createdAt: "2026-11-22T09:00:00.000Z" },
          }),
          { status: code },
        ),
    });
    await screen.findByRole("heading", { name: "Pick order o1" });
    await pick("Cherries", "0.712");
    await recordAndConfirm("give back $0.55");
    expect(await screen.findByText("order screen")).toBeInTheDocument();
    expect(told).toHaveBeenCalledWith(text);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("keeps the key when the answer was lost, shows the server's refusal, and starts a new attempt after it", async () => {
    let attempt = 0;
    const api = renderPicking({
      "POST /api/orders/o1/final": () =>
        ++attempt === 1
          ? new Response(JSON.stringify({ message: "Service Unavailable", code: "UNAVAILABLE" }), {
              status: 503,
            })
          : new Response(
              JSON.stringify({ message: "Only 0.2 kg of Cantaloupe is in stock", code: "OUT_OF_STOCK" }),
              {
                status: 409,
              },
            ),
    });
    await screen.findByRole("heading", { name: "Pick order o1" });
    await recordAndConfirm("Record the final charge of $24.80?");
    expect(await screen.findByRole("alert")).toHaveTextContent("This service is unavailable");
    await recordAndConfirm("Record the final charge of $24.80?");
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Only 0.2 kg of Cantaloupe is in stock"),
    );
    await recordAndConfirm("Record the final charge of $24.80?");
    await waitFor(() => expect(posts(api)).toHaveLength(3));
    const keys = posts(api).map((call) => call.headers["Idempotency-Key"]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(screen.queryByText("order screen")).not.toBeInTheDocument();
  });

  it("offers a substitute only for an unavailable line whose shopper allowed one, from outside the order", async () => {
    const api = renderPicking({
      "POST /api/orders/o1/final": { order: finalised, refund: null },
    });
    await screen.findByRole("heading", { name: "Pick order o1" });
    expect(screen.queryByRole("combobox", { name: /In place of/ })).not.toBeInTheDocument();

    await userEvent.click(within(lineCard("Cherries")).getByRole("switch", { name: "Unavailable" }));
    expect(lineCard("Cherries")).toHaveTextContent("The shopper asked for no substitute");
    expect(screen.queryByRole("combobox", { name: "In place of Cherries" })).not.toBeInTheDocument();
    expect(lineCard("Cherries")).toHaveTextContent("As picked: $0.00");

    await userEvent.click(within(lineCard("Melon")).getByRole("switch", { name: "Unavailable" }));
    await userEvent.type(screen.getByRole("combobox", { name: "In place of Melon" }), "Can");
    // The storefront's catalogue search, by what was typed.
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain("/api/products?q=Can&limit=10"));
    expect(await screen.findByRole("option", { name: /Cantaloupe/ })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: /Cherries/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("option", { name: /Cantaloupe/ }));
    expect(screen.getByRole("textbox", { name: "Quantity of Cantaloupe" })).toHaveValue("1 pcs");
    expect(lineCard("Melon")).toHaveTextContent("Cantaloupe in place of Melon: $3.00");
    expect(preview()).toHaveTextContent("Subtotal$3.00Shipping$10.00Tax (15%)$0.45Total$13.45");
    expect(preview()).toHaveTextContent("Given back$11.35");

    await recordAndConfirm("Record the final charge of $13.45 and give back $11.35 through PayPal?");
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]!.body).toEqual({
      lines: [
        { _id: "cherries", picked: 0 },
        { _id: "melon", picked: 0, substitute: { _id: "cantaloupe", quantity: 1 } },
      ],
    });
  });

  it("shows an order already picked, or delivered, read-only with what was picked", async () => {
    renderPicking({ "GET /api/orders/o1": finalised });
    expect(await screen.findByText("This order was picked and weighed on 2026-11-22.")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Items as picked" })).toHaveTextContent(
      "Ordered 0.75 kg · Picked 0.712 kg$8.89",
    );
    expect(screen.getByRole("list", { name: "Items as picked" }).parentElement).toHaveTextContent(
      "Total$24.25Paid$24.80Weight adjustment−$0.55",
    );
    expect(screen.queryByRole("button", { name: "Record final charge" })).not.toBeInTheDocument();
  });

  it("refuses a delivered order", async () => {
    renderPicking({
      "GET /api/orders/o1": {
        ...paid,
        isDelivered: true,
        deliveredAt: "2026-11-23T09:00:00.000Z",
        finalPrice: 24.8,
        finalizedAt: "2026-11-23T09:00:00.000Z",
      },
    });
    expect(await screen.findByText(/This order was delivered/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record final charge" })).not.toBeInTheDocument();
  });
});

describe("picking route", () => {
  it("is an admin route, loaded lazily as its own chunk", async () => {
    const children = routes[0]!.children!;
    const admin = children.find((group) => group.children?.some((r) => r.path === "/admin/dashboard"))!;
    expect(admin.element).toEqual(<RequireAdmin />);
    const route = admin.children!.find((r) => r.path === "/admin/order/:id/pick")!;
    const loaded = await (route.lazy as () => Promise<{ Component: unknown }>)();
    expect(loaded.Component).toBe(PickOrderPage);
  });

  it("sends a shopper to /login instead", () => {
    shop.signIn({ _id: "u1", name: "Ann", email: "ann@example.com", isAdmin: false, token: "t" });
    function Login() {
      const location = useLocation();
      return <p>login {location.search}</p>;
    }
    render(
      <MemoryRouter initialEntries={["/admin/order/o1/pick"]}>
        <Routes>
          <Route element={<RequireAdmin />}>
            <Route path="/admin/order/:id/pick" element={<p>picking</p>} />
          </Route>
          <Route path="/login" element={<Login />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText("login ?redirect=%2Fadmin%2Forder%2Fo1%2Fpick")).toBeInTheDocument();
  });
});
