/**
 * The French catalogue in parts, by the screens that use them (docs/decisions/052-language-by-url.md,
 * "Weight"). Each part names the modules it serves; its ids are found, not listed: every message id
 * written in those modules and in what they import, statically or lazily — except a module another
 * part serves when it is imported lazily (that part comes with it), the error codes' texts, and the
 * route table's screens, which are parts of their own.
 *
 * - `shell`: what every page renders around its screen (header, footer, menus), loaded before the
 *   first render (src/main.tsx);
 * - `errors`: the texts of the API's error codes (i18n/error-text.ts), loaded once the page has
 *   rendered — until then an error shows the server's message, which is in the page's language too
 *   (lib/api.ts `errorMessage`);
 * - one part per family of screens, loaded beside the screen's chunk (src/app/routes.tsx), less the
 *   shell's and the errors' ids;
 * - a part for a piece a screen loads lazily (the home page's carousels below the fold, the "Deliver
 *   every week" dialog), loaded beside that piece, less the ids of its `after` part when it has one.
 *
 * The ids are found by packages/web/build/message-ids.ts (Node: it reads the sources), from which the
 * build (vite.config.ts `precompiledMessages`) writes each part's module and the tests check the
 * parts; the app loads them by name (load-messages.ts).
 */
export const MESSAGE_PARTS = {
  shell: { roots: ["main.tsx"] },
  errors: { roots: ["i18n/error-text.ts"], after: "shell" },
  home: { roots: ["features/site/home/home-page.tsx"] },
  "home-below-fold": { roots: ["features/site/home/below-fold-carousels.tsx"], after: "home" },
  catalog: { roots: ["features/catalog/products-page.tsx"] },
  product: { roots: ["features/catalog/product-page.tsx"] },
  orders: {
    roots: [
      "features/cart/cart-page.tsx",
      "features/orders/checkout/checkout-page.tsx",
      "features/orders/checkout/map/map-page.tsx",
      "features/orders/place/place-order-page.tsx",
      "features/orders/detail/order-page.tsx",
      "features/orders/history/order-history-page.tsx",
    ],
  },
  account: {
    roots: [
      "features/account/login-page.tsx",
      "features/account/register-page.tsx",
      "features/account/profile-page.tsx",
    ],
  },
  subscriptions: { roots: ["features/subscriptions/my-subscriptions-page.tsx"] },
  "subscribe-dialog": { roots: ["features/subscriptions/subscribe-modal.tsx"] },
  info: {
    roots: [
      "features/site/about/about-page.tsx",
      "features/site/contact/contact-page.tsx",
      "features/site/accessibility/accessibility-page.tsx",
      "features/site/mail-links/mail-link-pages.tsx",
      "components/not-found-page.tsx",
    ],
  },
} as const satisfies Record<string, { roots: readonly string[]; after?: string }>;

export type MessagePartName = keyof typeof MESSAGE_PARTS;
