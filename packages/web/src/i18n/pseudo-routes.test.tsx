import { pseudoCatalogue, pseudoText } from "@fruit/core/browser/i18n";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { englishMessages } from "../../../../tests/support/web-messages.ts";
import { messagePartIds } from "../../build/message-ids.ts";
import { Providers } from "../app/providers.tsx";
import { routes } from "../app/routes.tsx";
import { TEAM } from "../features/site/about/about-page.tsx";
import { FARMS } from "../features/site/home/logo-carousel.tsx";
import { QUOTES } from "../features/site/home/testimonials.tsx";
import { SHOP_CONTACT } from "../lib/shop-contact.ts";
import { shop } from "../lib/shop-store.ts";
import { order, orderLine } from "../test/orders.ts";
import { product } from "../test/products.ts";
import { InViewObserver, pageAnswer, resetShop } from "../test/render.tsx";
import { LocaleProvider } from "./intl.tsx";
import { configureMessages, type MessagePart, type Messages } from "./load-messages.ts";
import { makeIntl, setPageIntl } from "./page-intl.ts";

/**
 * The pseudo-locale run (docs/decisions/052-language-by-url.md): every storefront and customer route
 * rendered whole — header, screen, footer — with every message in the pseudo-locale's accented
 * letters, and the API's texts written in them too. Any word of plain ASCII letters left on the page
 * (text, labels, placeholders, titles, alt texts) is a string some screen wrote outside the messages.
 *
 * The messages come in the French catalogue's parts, as on a `/fr` page (i18n/message-parts.ts):
 * the shell's and the errors' first, then whatever parts the route loads. So a word a route's
 * components use but its part lacks shows in English, and the run fails on it too.
 */

/** The catalogue's texts in pseudo letters, as a French product's would be: they are not the web's strings. */
const pseudoProduct = (slug: string, overrides = {}) =>
  product({
    _id: `id-${slug}`,
    slug,
    name: pseudoText(`Honey ${slug}`),
    description: pseudoText("Silky and ripe."),
    category: pseudoText("Tropical"),
    brand: pseudoText("Coastal Breeze"),
    ...overrides,
  });

const catalogue = [pseudoProduct("mango"), pseudoProduct("fig", { unit: "piece", countInStock: 0 })];

/** A shopper's texts (names, streets, a refund's reason) are theirs, not the web's: pseudo letters too. */
const address = {
  fullName: pseudoText("Ann Home"),
  address: pseudoText("Orchard Lane"),
  city: pseudoText("Montreal"),
  postalCode: "H2X 1Y4",
  country: pseudoText("Canada"),
};

/**
 * Ann's order with everything an order screen can show: picked by weight with a substitute, a
 * promotion, a partial refund, a delivery window and a zone.
 */
const anOrder = order({
  _id: "o1",
  orderItems: [
    orderLine({
      name: pseudoText("Honey mango"),
      unit: "kg",
      step: 0.25,
      quantity: 1.5,
      pickedQuantity: 1.25,
      finalAmount: 7.49,
      substitute: "allowed",
      discount: 0.5,
    }),
    orderLine({
      _id: "p2",
      name: pseudoText("Fig"),
      slug: "fig",
      unit: "piece",
      quantity: 2,
      pickedQuantity: 0,
      finalAmount: 0,
      substitute: "allowed",
      substitution: {
        _id: "p3",
        name: pseudoText("Kiwi"),
        slug: "kiwi",
        image: "/images/seed/kiwi/800.webp",
        price: 1,
        unit: "piece",
        quantity: 2,
        finalAmount: 2,
      },
    }),
  ],
  shippingAddress: address,
  finalizedAt: "2026-11-22T10:00:00.000Z",
  finalPrice: 12,
  finalItemsPrice: 9.49,
  finalTaxPrice: 1.4,
  totalPrice: 16.89,
  refundedPrice: 2,
  refunds: [{ _id: "r1", amount: 2, reason: pseudoText("Bruised"), createdAt: "2026-11-23T10:00:00.000Z" }],
  deliverySlot: { id: "s1", date: "2026-12-05", start: "10:00", end: "12:00" },
  promotion: { _id: "promo1", code: "SPRING" },
  discountPrice: 0.5,
});

/** A second order, unpaid and held: the hold notice and the test payment button. */
const unpaid = order({
  _id: "o2",
  orderItems: [orderLine({ name: pseudoText("Honey mango") })],
  shippingAddress: address,
  isPaid: false,
  paidAt: null,
  holdUntil: "2026-11-21T11:00:00.000Z",
});

const subscription = {
  _id: "sub1",
  user: { _id: "u1", name: pseudoText("Ann") },
  status: "paused",
  items: [
    { _id: "id-mango", quantity: 1.5, substitute: "no", name: pseudoText("Honey mango") },
    { _id: "gone", quantity: 1, substitute: "no", name: null },
  ],
  window: { weekday: 2, start: "10:00", end: "12:00" },
  every: 2,
  startsOn: "2026-12-01",
  endsOn: null,
  shippingAddress: address,
  pausedUntil: "2026-12-29",
  skips: ["2026-12-15"],
  next: {
    date: "2026-12-29",
    cutoffAt: "2026-12-27T22:00:00.000Z",
    opensAt: "2026-12-24T22:00:00.000Z",
    estimatedTotal: 24.5,
  },
  createdAt: "2026-11-20T10:00:00.000Z",
  cancelledAt: null,
};

const savedAddresses = [
  { _id: "a1", ...address, isDefault: true, createdAt: "2026-11-20T10:00:00.000Z" },
  {
    _id: "a2",
    ...address,
    fullName: pseudoText("Ann Work"),
    isDefault: false,
    createdAt: "2026-11-20T10:00:00.000Z",
  },
];

const quote = {
  zone: { id: "z1", name: pseudoText("North") },
  shippingPrice: 8,
  freeOver: 100,
  minimumItemsPrice: 30,
  weekdays: [2, 6],
  taxRates: [{ id: "standard", rate: 15 }],
};

/**
 * Words that are names, not text: the shop's and PayPal's, the contact details, the partner farms and
 * the customers quoted, the other language's link; core's unit words (i18n/quantity.ts). And two
 * strings Mantine's Carousel writes itself and lets no caller replace: its live region's "Slide 1 of
 * 4" and its indicators' list label "Slides" (a known gap, in English on French pages).
 */
const NAMES = [
  ...Object.values(SHOP_CONTACT).flat(),
  ...FARMS,
  ...QUOTES.map((quote) => quote.name),
  ...TEAM.flatMap((member) => [member.name, member.initials]),
  "SPRING",
  "pièces",
  "pièce",
  /Slide \d+ of \d+/g,
  "Slides",
  "FruitShop",
  "Fruit Shop",
  "Fruit",
  "Shop",
  "PayPal",
  "English",
  "EN",
  "US",
  "kg",
];

/** French month and weekday names (dates are Intl's, in the page's language). */
const CALENDAR = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 10))).flatMap(
  (date) =>
    ["long", "short"].flatMap((style) => [
      new Intl.DateTimeFormat("fr-CA", { month: style as "long", timeZone: "UTC" }).format(date),
      new Intl.DateTimeFormat("fr-CA", { weekday: style as "long", timeZone: "UTC" }).format(date),
    ]),
);

/** The words Intl writes itself in French: a list's "et" ("mardi et samedi"). */
const INTL_WORDS: string[] = new Intl.ListFormat("fr-CA").format(["1", "2"]).match(/[A-Za-z]{2,}/g) ?? [];

/** The plain-ASCII words of the page: its text and its accessible attributes, names and dates left out. */
function untranslated(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest("script, style")) continue;
    texts.push(node.textContent ?? "");
  }
  for (const element of document.body.querySelectorAll("[aria-label], [placeholder], [title], img[alt]"))
    for (const name of ["aria-label", "placeholder", "title", "alt"])
      texts.push(element.getAttribute(name) ?? "");
  const words: string[] = [];
  for (let text of texts) {
    for (const name of [...NAMES, ...CALENDAR].sort((a, b) => String(b).length - String(a).length))
      text = text.replaceAll(name, " ");
    words.push(...(text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !INTL_WORDS.includes(word)));
  }
  return [...new Set(words)];
}

/** A stand-in API answering the catalogue, the orders and the rest of what the screens read. */
function fakeFetch(input: string, init?: RequestInit) {
  const path = input.split("?")[0] as string;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  if (init?.method === "POST" && !path.startsWith("/api/promotions")) return json({});
  if (path === "/api/products/categories") return json([pseudoText("Tropical")]);
  if (path === "/api/products") return pageAnswer(catalogue, { total: catalogue.length })();
  const slug = /^\/api\/products\/slug\/(.+)$/.exec(path)?.[1];
  if (slug) return json({ ...pseudoProduct(slug), reviews: [] });
  if (path.startsWith("/api/products/id-"))
    return json(pseudoProduct(path.slice("/api/products/id-".length)));
  if (path === "/api/orders/mine") return pageAnswer([anOrder, unpaid])();
  if (path === "/api/orders/o1") return json(anOrder);
  if (path === "/api/orders/o2") return json(unpaid);
  if (path === "/api/subscriptions/mine") return pageAnswer([subscription])();
  if (path === "/api/users/addresses") return json(savedAddresses);
  if (path === "/api/delivery/quote") return json(quote);
  if (path === "/api/delivery/slots")
    return json([
      {
        id: "s1",
        date: "2026-12-05",
        start: "10:00",
        end: "12:00",
        startsAt: "2026-12-05T15:00:00.000Z",
        endsAt: "2026-12-05T17:00:00.000Z",
        cutoffAt: "2026-12-04T22:00:00.000Z",
        capacity: 10,
        remaining: 4,
      },
    ]);
  if (path === "/api/promotions/preview")
    return json({ message: pseudoText("Add more"), code: "PROMO_MIN_NOT_MET", missing: 5 }, 409);
  if (path === "/api/keys/google") return json({ key: "" });
  if (path === "/api/keys/paypal") return new Response("test", { headers: { "Content-Type": "text/plain" } });
  if (path.startsWith("/api/alerts/")) return json({ subscribed: false });
  return json({ message: "Not Found", code: "NOT_FOUND" }, 404);
}

const pseudo = pseudoCatalogue(englishMessages()) as Messages;
/** The French catalogue's parts, as the build writes them. */
const parts = messagePartIds(Object.keys(pseudo));
const pseudoPart = (part: MessagePart): Messages =>
  Object.fromEntries(parts[part].map((id) => [id, pseudo[id] as string]));

afterEach(() => {
  vi.unstubAllGlobals();
  resetShop();
  configureMessages(undefined);
});

/**
 * The app at `path`, in the pseudo-locale, once its screen has drawn its first heading: with the
 * shell's and the errors' parts, and each part the route asks for (`withheld` never arrives).
 */
async function renderApp(path: string, withheld?: MessagePart) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => fakeFetch(input, init)),
  );
  vi.stubGlobal("IntersectionObserver", InViewObserver);
  const messages = { ...pseudoPart("shell"), ...pseudoPart("errors") };
  configureMessages(messages, async (part) => (part === withheld ? {} : pseudoPart(part)));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const intl = makeIntl("fr-CA", messages);
  setPageIntl(intl);
  render(
    <LocaleProvider intl={intl}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </LocaleProvider>,
  );
  await screen.findByRole("heading", { level: 1 }, { timeout: 10_000 });
  // Until the screen's reads have answered: no loading block ("…") left.
  await waitFor(() => expect(screen.queryAllByText(/…$/)).toEqual([]), { timeout: 10_000 });
}

const PUBLIC = [
  "/",
  "/products",
  "/product/mango",
  "/product/fig",
  "/cart",
  "/accessibility",
  "/about",
  "/contact",
  "/login",
  "/register",
  "/newsletter/confirm?token=t",
  "/newsletter/unsubscribe?token=t",
  "/restock-alerts/unsubscribe?token=t",
  "/no-such-page",
];
const SIGNED_IN = [
  "/checkout",
  "/placeorder",
  "/map",
  "/orderhistory",
  "/order/o1",
  "/order/o2",
  "/profile",
  "/subscriptions",
];

/** A cart with a line, an address, a way to pay, a window and a code: every part of checkout shows. */
function fillCheckout() {
  shop.addToCart({ ...pseudoProduct("mango"), quantity: 1.5 });
  shop.saveShippingAddress(address);
  shop.savePaymentMethod("PayPal");
  shop.saveDeliverySlot({ id: "s1", date: "2026-12-05", start: "10:00", end: "12:00" });
  shop.savePromoCode("SPRING");
}

// A whole app per route on a loaded machine: the guard is generous, nothing waits for time to pass.
describe("the pseudo-locale run over the storefront", { timeout: 30_000 }, () => {
  it.each(PUBLIC)("leaves no untranslated word on %s", async (path) => {
    await renderApp(path);
    expect(untranslated()).toEqual([]);
  });

  it.each(SIGNED_IN)("leaves no untranslated word on %s (signed in)", async (path) => {
    shop.signIn({ _id: "u1", name: pseudoText("Ann"), email: "ann@example.com", isAdmin: false, token: "t" });
    fillCheckout();
    await renderApp(path);
    expect(untranslated()).toEqual([]);
  });

  it("leaves no untranslated word in the Deliver every week dialog, whose part comes with it", async () => {
    shop.signIn({ _id: "u1", name: pseudoText("Ann"), email: "ann@example.com", isAdmin: false, token: "t" });
    await renderApp("/product/mango");
    await userEvent.click(screen.getByRole("button", { name: pseudoText("Deliver every week") }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    // Its addresses and windows in: the saved addresses' choice and the weeks' control.
    await waitFor(() => expect(within(dialog).getAllByRole("radio").length).toBeGreaterThan(3), {
      timeout: 10_000,
    });
    expect(untranslated()).toEqual([]);
  });

  it("finds the words of a route whose part of the messages did not come (the parts can fail it)", async () => {
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await renderApp("/accessibility", "info");
      expect(untranslated().length).toBeGreaterThan(5);
    } finally {
      reported.mockRestore();
    }
  });

  it("finds a string written outside the messages (the check can fail)", async () => {
    await renderApp("/accessibility");
    const stray = document.createElement("p");
    stray.textContent = "Hard-coded words";
    document.body.append(stray);
    expect(untranslated()).toEqual(["Hard", "coded", "words"]);
  });
});
