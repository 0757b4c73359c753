import type { Order } from "@fruit/core/browser/orders";
import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../app/theme.ts";
import { LocaleProvider } from "../../i18n/intl.tsx";
import { makeIntl } from "../../i18n/page-intl.ts";
import { getShopState, shop } from "../../lib/shop-store.ts";
import { order as anOrder, orderLine } from "../../test/orders.ts";
import { fakeApi, pageAnswer, resetShop } from "../../test/render.tsx";
import { holdLength, localTime } from "./detail/order-hold.tsx";
import { OrderPage } from "./detail/order-page.tsx";
import { OrderHistoryPage } from "./history/order-history-page.tsx";
import { PlaceOrderPage } from "./place/place-order-page.tsx";

const address = { fullName: "Ann", address: "1 Main", city: "Montreal", postalCode: "H1H", country: "CA" };
const ann = { _id: "u1", name: "Ann", email: "ann@example.com", isAdmin: false, token: "t" };

/** Ann's unpaid order of 2.25 kg of mangoes, $21.50 in all, placed at 10:00 and held until 11:00. */
const order = (patch: Partial<Order> = {}): Order =>
  anOrder({
    _id: "o1",
    orderItems: [orderLine({ price: 5, unit: "kg", step: 0.25, quantity: 2.25 })],
    itemsPrice: 10,
    shippingPrice: 10,
    taxPrice: 1.5,
    totalPrice: 21.5,
    isPaid: false,
    paidAt: null,
    createdAt: "2026-11-21T10:00:00.000Z",
    holdUntil: "2026-11-21T11:00:00.000Z",
    ...patch,
  });

/**
 * A paid order as picked: 0.75 kg of cherries at $12.49 / kg weighed 0.712 kg ($8.89), a melon
 * unavailable and replaced by a cantaloupe the shopper allowed; paid $24.80, final $23.67.
 */
const picked = order({
  orderItems: [
    orderLine({
      _id: "cherries",
      name: "Cherries",
      price: 12.49,
      unit: "kg",
      step: 0.25,
      quantity: 0.75,
      pickedQuantity: 0.712,
      finalAmount: 8.89,
    }),
    orderLine({
      _id: "melon",
      name: "Melon",
      price: 3.5,
      unit: "piece",
      step: 1,
      quantity: 1,
      substitute: "allowed",
      pickedQuantity: 0,
      finalAmount: 0,
      substitution: {
        _id: "cantaloupe",
        name: "Cantaloupe",
        slug: "cantaloupe",
        image: "/k.webp",
        price: 3,
        unit: "piece",
        quantity: 1,
        finalAmount: 3,
      },
    }),
  ],
  itemsPrice: 12.87,
  shippingPrice: 10,
  taxPrice: 1.93,
  totalPrice: 24.8,
  isPaid: true,
  paidAt: "2026-11-21T10:05:00.000Z",
  holdUntil: null,
  refundedPrice: 1.13,
  refunds: [{ _id: "r1", amount: 1.13, reason: "weight adjustment", createdAt: "2026-11-22T09:00:00.000Z" }],
  finalItemsPrice: 11.89,
  finalTaxPrice: 1.78,
  finalPrice: 23.67,
  finalizedAt: "2026-11-22T09:00:00.000Z",
});
const paidOrder = order({ isPaid: true, paidAt: "2026-11-21T10:05:00.000Z", holdUntil: null });
const admin = { _id: "a1", name: "Root", email: "root@example.com", isAdmin: true, token: "t" };

const cancelled = order({ isCancelled: true, cancelledAt: "2026-11-21T11:01:00.000Z", holdUntil: null });

/**
 * The app's providers with a router that knows the order screen's parameter. A fresh SWR cache per
 * test, unless `appCache`: the app's own (global) cache, which swr's global `mutate` re-fetches.
 */
function renderAt(path: string, routes: Record<string, ReactElement>, { appCache = false } = {}) {
  return render(
    <LocaleProvider>
      <MantineProvider theme={theme}>
        <SWRConfig
          value={appCache ? { dedupingInterval: 0 } : { provider: () => new Map(), dedupingInterval: 0 }}
        >
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              {Object.entries(routes).map(([pattern, element]) => (
                <Route key={pattern} path={pattern} element={element} />
              ))}
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </MantineProvider>
    </LocaleProvider>,
  );
}

beforeEach(() => {
  resetShop();
  shop.signIn(ann);
});
afterEach(() => vi.unstubAllGlobals());

describe("hold length", () => {
  const english = makeIntl("en", {}).formatMessage;
  it("says how long an order is held in the unit a shopper reads", () => {
    expect(holdLength("2026-01-01T10:00:00Z", "2026-01-01T11:00:00Z", english)).toBe("60 minutes");
    expect(holdLength("2026-01-01T10:00:00Z", "2026-01-01T10:00:30Z", english)).toBe("30 seconds");
    expect(holdLength("2026-01-01T10:00:00Z", "2026-01-01T13:00:00Z", english)).toBe("3 hours");
    expect(holdLength("2026-01-01T10:00:00Z", "2026-01-01T12:30:00Z", english)).toBe("150 minutes");
  });
});

describe("order screen", () => {
  it("tells the customer how long an unpaid order is held, and offers the payment", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/o1": order(), "GET /api/keys/paypal": "test" }).fetch);
    renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    expect(await screen.findByText("Awaiting payment")).toBeInTheDocument();
    expect(screen.getByText(/Your items are held for 60 minutes after ordering/)).toHaveTextContent(
      `please pay by ${localTime("2026-11-21T11:00:00.000Z")}`,
    );
    expect(await screen.findByRole("button", { name: /Pay with test payment/ })).toBeInTheDocument();
  });

  it("shows a cancelled order as Cancelled, says why, and offers no payment", async () => {
    const api = fakeApi({ "GET /api/orders/o1": cancelled, "GET /api/keys/paypal": "test" });
    vi.stubGlobal("fetch", api.fetch);
    renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    expect(
      await screen.findByText(/not paid in time and its items went back on sale\. It can no longer be paid/),
    ).toHaveTextContent(`Cancelled on ${localTime("2026-11-21T11:01:00.000Z")}`);
    expect(screen.getAllByText("Cancelled").length).toBeGreaterThanOrEqual(3); // badge, delivered, paid
    expect(screen.queryByText(/Your items are held/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pay/ })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).not.toContain("/api/keys/paypal");
  });

  it("shows the order cancelled when paying is refused because its hold ran out meanwhile", async () => {
    let reads = 0;
    const api = fakeApi({
      "GET /api/orders/o7": () => (reads++ === 0 ? order({ _id: "o7" }) : { ...cancelled, _id: "o7" }),
      "GET /api/keys/paypal": "test",
      "POST /api/orders/o7/paypal": new Response(
        JSON.stringify({ message: "This order was cancelled", code: "ORDER_CANCELLED" }),
        {
          status: 409,
        },
      ),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderAt("/order/o7", { "/order/:id": <OrderPage /> }, { appCache: true });
    await userEvent.click(await screen.findByRole("button", { name: /Pay with test payment/ }));
    expect(await screen.findByText(/It can no longer be paid/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pay with test payment/ })).not.toBeInTheDocument();
  });
});

describe("payment pending and refunds", () => {
  it("shows a payment PayPal holds as Payment pending, with no payment button and no hold deadline", async () => {
    const api = fakeApi({
      "GET /api/orders/o1": order({ isPaymentPending: true }),
      "GET /api/keys/paypal": "test",
    });
    vi.stubGlobal("fetch", api.fetch);
    renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    expect((await screen.findAllByText("Payment pending")).length).toBeGreaterThanOrEqual(2); // badge, alert
    expect(screen.getByText(/PayPal is still processing this payment/)).toBeInTheDocument();
    expect(screen.queryByText(/Your items are held/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pay/ })).not.toBeInTheDocument();
  });

  it("lists each refund with its amount, date and reason, and badges a partly refunded order", async () => {
    const refunded = order({
      isPaid: true,
      paidAt: "2026-11-21T10:05:00.000Z",
      holdUntil: null,
      refundedPrice: 5.24,
      refunds: [
        { _id: "r1", amount: 3.74, reason: "Bruised", createdAt: "2026-11-22T09:00:00.000Z" },
        { _id: "r2", amount: 1.5, reason: "Late", createdAt: "2026-11-23T09:00:00.000Z" },
      ],
    });
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/o1": refunded }).fetch);
    renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    expect(await screen.findByText("Partially refunded $5.24")).toBeInTheDocument();
    const list = screen.getByLabelText("Refunds");
    expect(list).toHaveTextContent("$3.74 refunded on 2026-11-22: Bruised");
    expect(list).toHaveTextContent("$1.50 refunded on 2026-11-23: Late");
    expect(list).toHaveTextContent("Total refunded: $5.24 of $21.50");
  });

  it("says a paid order the shop cancelled was refunded, not that it was not paid in time", async () => {
    const refundedCancel = order({
      isPaid: true,
      paidAt: "2026-11-21T10:05:00.000Z",
      holdUntil: null,
      isCancelled: true,
      cancelledAt: "2026-11-22T09:00:00.000Z",
      refundedPrice: 21.5,
      refunds: [{ _id: "r1", amount: 21.5, reason: "No stock", createdAt: "2026-11-22T09:00:00.000Z" }],
    });
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/o1": refundedCancel }).fetch);
    renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    expect(
      await screen.findByText(/the shop cancelled this order and refunds what was paid/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not paid in time/)).not.toBeInTheDocument();
    expect(screen.getByText("Refunded")).toBeInTheDocument();
  });

  it("badges a fully refunded order and a pending one in the history", async () => {
    const full = order({ _id: "o3", isPaid: true, paidAt: "2026-11-21T10:05:00.000Z", refundedPrice: 21.5 });
    const pending = order({ _id: "o4", isPaymentPending: true });
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/mine": [full, pending] }).fetch);
    renderAt("/orderhistory", { "/orderhistory": <OrderHistoryPage /> });
    expect(await screen.findByText("Refunded")).toBeInTheDocument();
    expect(screen.getByText("Payment pending")).toBeInTheDocument();
  });
});

describe("picked and weighed", () => {
  it("shows each line's substitute choice until the order is picked", async () => {
    const line = { ...picked.orderItems[1]!, pickedQuantity: null, finalAmount: null, substitution: null };
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/o1": { ...paidOrder, orderItems: [line] } }).fetch);
    renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    expect(await screen.findByText("If sold out: Substitute allowed")).toBeInTheDocument();
    expect(screen.getByText(/You never pay more than you approved/)).toBeInTheDocument();
  });

  it("shows a picked order's lines ordered against picked, the substitute, the final total and the adjustment", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/o1": picked }).fetch);
    renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    const items = await screen.findByRole("list", { name: "Items as picked" });
    const rows = within(items)
      .getAllByRole("listitem")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "CherriesOrdered 0.75 kg · Picked 0.712 kg$8.89",
      "MelonUnavailableOrdered 1 pc$0.00",
      "Cantaloupe 1 pc instead of MelonSubstitute you allowed$3.00",
    ]);
    expect(screen.queryByText(/If sold out/)).not.toBeInTheDocument();
    const summary = screen.getByRole("heading", { name: "Order Summary" }).closest("div")!;
    expect(summary).toHaveTextContent("Subtotal$11.89");
    expect(summary).toHaveTextContent("Tax (15%)$1.78");
    expect(summary).toHaveTextContent("Total$23.67Paid$24.80Weight adjustment−$1.13");
    expect(screen.getByText(/You never pay more than you approved/)).toBeInTheDocument();
  });

  it("offers an admin Pick and weigh on a paid order not yet picked, delivered or cancelled", async () => {
    shop.signIn(admin);
    const api = fakeApi({ "GET /api/orders/o1": paidOrder, "GET /api/orders/o2": { ...picked, _id: "o2" } });
    vi.stubGlobal("fetch", api.fetch);
    const first = renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    expect(await screen.findByRole("link", { name: "Pick and weigh" })).toHaveAttribute(
      "href",
      "/admin/order/o1/pick",
    );
    first.unmount();
    renderAt("/order/o2", { "/order/:id": <OrderPage /> });
    await screen.findByRole("list", { name: "Items as picked" });
    expect(screen.queryByRole("link", { name: "Pick and weigh" })).not.toBeInTheDocument();
  });

  it("shows an admin the admin tools the route hands it, and a shopper none", async () => {
    const tools = {
      DeliverOrderButton: ({ order }: { order: Order }) => <button type="button">Deliver {order._id}</button>,
      RefundOrderForm: ({ order }: { order: Order }) => <p>Refund form of {order._id}</p>,
      OrderMails: ({ orderId }: { orderId: string }) => <p>Mails of {orderId}</p>,
    };
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/o1": paidOrder }).fetch);
    const shopper = renderAt("/order/o1", { "/order/:id": <OrderPage adminTools={tools} /> });
    await screen.findByText("Paid");
    expect(screen.queryByText("Mails of o1")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Deliver o1" })).not.toBeInTheDocument();
    shopper.unmount();
    shop.signIn(admin);
    renderAt("/order/o1", { "/order/:id": <OrderPage adminTools={tools} /> });
    expect(await screen.findByRole("button", { name: "Deliver o1" })).toBeInTheDocument();
    expect(screen.getByText("Refund form of o1")).toBeInTheDocument();
    expect(screen.getByText("Mails of o1")).toBeInTheDocument();
  });

  it("shows no Pick and weigh to a shopper", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/o1": paidOrder }).fetch);
    renderAt("/order/o1", { "/order/:id": <OrderPage /> });
    await screen.findByText("Paid");
    expect(screen.queryByRole("link", { name: "Pick and weigh" })).not.toBeInTheDocument();
  });

  it("shows a picked order's final total against what was paid in the history", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/mine": [picked, order({ _id: "o2" })] }).fetch);
    renderAt("/orderhistory", { "/orderhistory": <OrderHistoryPage /> });
    const rows = await screen.findAllByRole("row");
    const total = (row: HTMLElement) => within(row).getAllByRole("cell")[2]!.textContent;
    expect(total(rows[1]!)).toBe("$23.67 (paid $24.80)");
    expect(total(rows[2]!)).toBe("$21.50");
  });
});

describe("order history", () => {
  it("shows Cancelled in the Paid and Delivered columns of a cancelled order", async () => {
    const paid = order({ _id: "o2", isPaid: true, paidAt: "2026-11-21T10:05:00.000Z", holdUntil: null });
    vi.stubGlobal("fetch", fakeApi({ "GET /api/orders/mine": [cancelled, paid] }).fetch);
    renderAt("/orderhistory", { "/orderhistory": <OrderHistoryPage /> });
    const rows = await screen.findAllByRole("row");
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(rows[1]!).slice(3, 5)).toEqual(["Cancelled", "Cancelled"]);
    expect(cells(rows[2]!).slice(3, 5)).toEqual(["2026-11-21", "No"]);
  });
});

describe("order history, 25 at a time", () => {
  it("asks for 25 orders and shows the next ones on Load more until none follow", async () => {
    const api = fakeApi({
      "GET /api/orders/mine?limit=25": pageAnswer([order({ _id: "o1" }), order({ _id: "o2" })], {
        next: "/api/orders/mine?limit=25&cursor=c2",
      }),
      "GET /api/orders/mine?limit=25&cursor=c2": pageAnswer([order({ _id: "o3" })]),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderAt("/orderhistory", { "/orderhistory": <OrderHistoryPage /> });
    const details = () =>
      screen
        .getAllByRole("link", { name: /^Details of order/ })
        .map((link) => link.getAttribute("aria-label"));
    await screen.findByRole("link", { name: "Details of order o2" });
    expect(details()).toHaveLength(2);
    expect(screen.getByText("Showing 2 orders")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Details of order o3" })).toBeInTheDocument();
    expect(details()).toEqual(["Details of order o1", "Details of order o2", "Details of order o3"]);
    expect(screen.getByText("All 3 orders shown")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual([
      "/api/orders/mine?limit=25",
      "/api/orders/mine?limit=25&cursor=c2",
    ]);
  });

  it("shows every order of a server that does not page, with no Load more", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/orders/mine": [order({ _id: "o1" }), order({ _id: "o2" })] }).fetch,
    );
    renderAt("/orderhistory", { "/orderhistory": <OrderHistoryPage /> });
    await screen.findByRole("link", { name: "Details of order o2" });
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});

describe("placing an order", () => {
  it("reads the order from the { message, order } answer and opens its screen", async () => {
    shop.addToCart({
      _id: "p1",
      slug: "mango",
      name: "Honey Mangoes",
      image: "/m.webp",
      price: 5,
      unit: "kg",
      step: 1,
      countInStock: 3,
      quantity: 2,
    });
    shop.saveShippingAddress(address);
    shop.savePaymentMethod("PayPal");
    const api = fakeApi({
      "POST /api/orders": { message: "New Order Created", order: order({ _id: "o9" }) },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderAt("/placeorder", {
      "/placeorder": <PlaceOrderPage />,
      "/order/:id": <p>order screen</p>,
      "/order/undefined": <p>wrong screen</p>,
    });
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByText("order screen")).toBeInTheDocument();
    expect(api.calls.at(-1)).toMatchObject({ method: "POST", path: "/api/orders" });
  });

  it.each([
    // The web's own text for a window's code, in the page's language (i18n/error-text.ts); the
    // server's sentence where it names the product.
    ["SLOT_FULL", "That one is taken now", "This delivery window is full", null],
    ["CUTOFF_PASSED", "Too late for that one", "It is too late to order for this delivery window", null],
    [
      "OUT_OF_STOCK",
      "Sorry. Honey Mangoes is out of stock",
      "Sorry. Honey Mangoes is out of stock",
      "2026-12-01T09:00-11:00",
    ],
  ])(
    "decides on a refusal's code, not its words: %s shows why and keeps the window only when it is not the window's",
    async (code, message, shown, kept) => {
      const slot = { id: "2026-12-01T09:00-11:00", date: "2026-12-01", start: "09:00", end: "11:00" };
      const mango = { _id: "p1", slug: "mango", name: "Honey Mangoes", image: "/m.webp", price: 5 } as const;
      shop.addToCart({ ...mango, unit: "kg", step: 1, countInStock: 3, quantity: 2 });
      shop.saveShippingAddress(address);
      shop.savePaymentMethod("PayPal");
      shop.saveDeliverySlot(slot);
      const api = fakeApi({
        "POST /api/orders": new Response(JSON.stringify({ message, code, deliverySlotId: slot.id }), {
          status: 409,
        }),
        "GET /api/products/p1": { ...mango, unit: "kg", step: 1, countInStock: 3 },
      });
      vi.stubGlobal("fetch", api.fetch);
      renderAt("/placeorder", { "/placeorder": <PlaceOrderPage /> });
      await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
      expect(await screen.findByText(shown, { exact: false })).toBeInTheDocument();
      expect(getShopState().deliverySlot?.id ?? null).toBe(kept);
    },
  );

  it("asks what to do if each line sells out, No substitute by default, and sends the choice", async () => {
    const line = {
      slug: "",
      image: "/x.webp",
      price: 5,
      unit: "kg",
      step: 1,
      countInStock: 3,
      quantity: 1,
    } as const;
    shop.addToCart({ ...line, _id: "p1", name: "Honey Mangoes" });
    shop.addToCart({ ...line, _id: "p2", name: "Figs" });
    shop.saveShippingAddress(address);
    shop.savePaymentMethod("PayPal");
    const api = fakeApi({
      "POST /api/orders": { message: "New Order Created", order: order({ _id: "o9" }) },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderAt("/placeorder", { "/placeorder": <PlaceOrderPage />, "/order/:id": <p>order screen</p> });
    const mangoes = screen.getByRole("radiogroup", { name: "If Honey Mangoes is sold out" });
    const figs = screen.getByRole("radiogroup", { name: "If Figs is sold out" });
    expect(within(mangoes).getByRole("radio", { name: "No substitute" })).toBeChecked();
    await userEvent.click(within(figs).getByRole("radio", { name: "Substitute allowed" }));
    expect(within(figs).getByRole("radio", { name: "Substitute allowed" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByText("order screen")).toBeInTheDocument();
    const sent = api.calls.find((call) => call.method === "POST")!.body as {
      orderItems: { _id: string; substitute?: string }[];
    };
    expect(sent.orderItems.map((item) => [item._id, item.substitute ?? "no"])).toEqual([
      ["p1", "no"],
      ["p2", "allowed"],
    ]);
  });

  it("taxes each line by its product's class at the rates the delivery quote gives, as the server does", async () => {
    const line = { slug: "", image: "/x.webp", unit: "kg", step: 1, countInStock: 9 } as const;
    // $10 of produce at 0 % and $10 of honey at 14.975 %: tax $1.50 (1.4975 rounded once), not $3.00.
    shop.addToCart({ ...line, _id: "p1", name: "Apples", price: 5, quantity: 2, taxClass: "produce" });
    shop.addToCart({ ...line, _id: "p2", name: "Honey", price: 10, quantity: 1 });
    shop.saveShippingAddress(address);
    shop.savePaymentMethod("PayPal");
    const api = fakeApi({
      "GET /api/delivery/quote": {
        zone: null,
        shippingPrice: 10,
        freeOver: 100,
        minimumItemsPrice: 0,
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        taxRates: [
          { id: "standard", rate: 14.975 },
          { id: "produce", rate: 0 },
        ],
      },
      "POST /api/orders": { message: "New Order Created", order: order({ _id: "o9" }) },
    });
    // The quote answers only once Place Order was clicked: placement waits for its rates.
    let answerQuote = () => {};
    const quoteHeld = new Promise<void>((resolve) => {
      answerQuote = resolve;
    });
    vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
      if (input.startsWith("/api/delivery/quote")) await quoteHeld;
      return api.fetch(input, init);
    });
    renderAt("/placeorder", { "/placeorder": <PlaceOrderPage />, "/order/:id": <p>order screen</p> });
    expect(screen.getByText("$33.00")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    answerQuote();
    expect(await screen.findByText("order screen")).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === "POST")!.body).toMatchObject({
      itemsPrice: 20,
      shippingPrice: 10,
      taxPrice: 1.5,
      totalPrice: 31.5,
    });
  });
});
