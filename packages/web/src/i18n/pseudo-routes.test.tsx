import { pseudoCatalogue, pseudoText } from "@fruit/core/browser/i18n";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { englishMessages } from "../../../../tests/support/web-messages.ts";
import { Providers } from "../app/providers.tsx";
import { routes } from "../app/routes.tsx";
import { FARMS } from "../features/site/home/logo-carousel.tsx";
import { QUOTES } from "../features/site/home/testimonials.tsx";
import { SHOP_CONTACT } from "../lib/shop-contact.ts";
import { shop } from "../lib/shop-store.ts";
import { product } from "../test/products.ts";
import { InViewObserver, pageAnswer, resetShop } from "../test/render.tsx";
import { LocaleProvider } from "./intl.tsx";
import { makeIntl, setPageIntl } from "./page-intl.ts";

/**
 * The pseudo-locale run (docs/decisions/052-language-by-url.md): every storefront and customer route
 * rendered whole — header, screen, footer — with every message in the pseudo-locale's accented
 * letters, and the API's texts written in them too. Any word of plain ASCII letters left on the page
 * (text, labels, placeholders, titles, alt texts) is a string some screen wrote outside the messages.
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
    words.push(...(text.match(/[A-Za-z]{2,}/g) ?? []));
  }
  return [...new Set(words)];
}

/** A stand-in API answering the catalogue, the orders and the rest of what the screens read. */
function fakeFetch(input: string) {
  const path = input.split("?")[0] as string;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  if (path === "/api/products/categories") return json([pseudoText("Tropical")]);
  if (path === "/api/products") return pageAnswer(catalogue, { total: catalogue.length })();
  const slug = /^\/api\/products\/slug\/(.+)$/.exec(path)?.[1];
  if (slug) return json({ ...pseudoProduct(slug), reviews: [] });
  if (path.startsWith("/api/products/id-"))
    return json(pseudoProduct(path.slice("/api/products/id-".length)));
  if (path === "/api/orders/mine") return pageAnswer([])();
  if (path.startsWith("/api/alerts/")) return json({ subscribed: false });
  return json({ message: "Not Found", code: "NOT_FOUND" }, 404);
}

beforeAll(() => {
  const pseudo = pseudoCatalogue(englishMessages());
  setPageIntl(makeIntl("fr-CA", pseudo as never));
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetShop();
});

/** The app at `path`, in the pseudo-locale, once its screen has drawn its first heading. */
async function renderApp(path: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => fakeFetch(input)),
  );
  vi.stubGlobal("IntersectionObserver", InViewObserver);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const pseudo = makeIntl("fr-CA", pseudoCatalogue(englishMessages()) as never);
  render(
    <LocaleProvider intl={pseudo}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </LocaleProvider>,
  );
  await screen.findByRole("heading", { level: 1 }, { timeout: 10_000 });
  // Until the screen's reads have answered: no loading block ("…") left.
  await waitFor(() => expect(screen.queryAllByText(/…$/)).toEqual([]), { timeout: 10_000 });
}

const PUBLIC = ["/", "/products", "/product/mango", "/product/fig", "/cart", "/accessibility"];
const SIGNED_IN = ["/checkout", "/orderhistory"];

// A whole app per route on a loaded machine: the guard is generous, nothing waits for time to pass.
describe("the pseudo-locale run over the storefront", { timeout: 30_000 }, () => {
  it.each(PUBLIC)("leaves no untranslated word on %s", async (path) => {
    await renderApp(path);
    expect(untranslated()).toEqual([]);
  });

  it.each(SIGNED_IN)("leaves no untranslated word on %s (signed in)", async (path) => {
    shop.signIn({ _id: "u1", name: pseudoText("Ann"), email: "ann@example.com", isAdmin: false, token: "t" });
    await renderApp(path);
    expect(untranslated()).toEqual([]);
  });

  it("finds a string written outside the messages (the check can fail)", async () => {
    await renderApp("/accessibility");
    const stray = document.createElement("p");
    stray.textContent = "Hard-coded words";
    document.body.append(stray);
    expect(untranslated()).toEqual(["Hard", "coded", "words"]);
  });
});
