import "./app/mantine-styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { routes } from "./app/routes.tsx";
import { LocaleProvider } from "./i18n/intl.tsx";
import { configureMessages, loadMessages, type Messages } from "./i18n/load-messages.ts";
import { basenameOf, localeOfPath, pathIn } from "./i18n/locale.ts";
import { makeIntl, setPageIntl } from "./i18n/page-intl.ts";
import { configureApi } from "./lib/api.ts";
import { configureChunkReload } from "./lib/chunk-reload.ts";
import { getShopState, shop } from "./lib/shop-store.ts";

// The address alone chooses the language (docs/decisions/052-language-by-url.md): under /fr the
// router's basename is /fr, so every screen's own paths (`/products`) and links stay the same.
const locale = localeOfPath(window.location.pathname);
document.documentElement.lang = locale;
// French messages come in parts (i18n/message-parts.ts), all into this one record the page's intl
// reads: the shell's now, the first screen's beside its chunk, which the router starts loading as
// soon as it exists, the error codes' once the page has rendered. English screens carry their own text.
const messages: Messages = {};
if (locale !== "en") configureMessages(messages);
const router = createBrowserRouter(routes, { basename: basenameOf(locale) });
const shell = loadMessages("shell");

// A 401 from any call means the session is over: sign out and come back after signing in.
configureApi({
  locale,
  token: () => getShopState().userInfo?.token,
  onUnauthorized: () => {
    shop.signOut();
    const here = router.state.location.pathname + router.state.location.search;
    void router.navigate(`/login?redirect=${encodeURIComponent(here)}`);
  },
});

// A screen whose chunk a deploy removed reloads the page once, at the address the tab was going to.
configureChunkReload({
  pendingHref: () => {
    const next = router.state.navigation.location;
    return next ? pathIn(locale, next.pathname + next.search + next.hash) : undefined;
  },
});

// The first render is a transition: React renders the shell in slices and yields to the browser in
// between, instead of one long task a slow phone cannot respond during.
const root = createRoot(document.getElementById("root")!);
void shell.then(() => {
  const intl = makeIntl(locale, messages);
  setPageIntl(intl);
  startTransition(() => {
    root.render(
      <StrictMode>
        <LocaleProvider intl={intl}>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </LocaleProvider>
      </StrictMode>,
    );
  });
  // Not needed to render: an error before they are in shows the server's (French) message.
  void loadMessages("errors");
});
