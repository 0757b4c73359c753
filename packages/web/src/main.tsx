import "./app/mantine-styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { routes } from "./app/routes.tsx";
import { configureApi } from "./lib/api.ts";
import { configureChunkReload } from "./lib/chunk-reload.ts";
import { getShopState, shop } from "./lib/shop-store.ts";

const router = createBrowserRouter(routes);

// A 401 from any call means the session is over: sign out and come back after signing in.
configureApi({
  token: () => getShopState().userInfo?.token,
  onUnauthorized: () => {
    shop.signOut();
    const here = window.location.pathname + window.location.search;
    void router.navigate(`/login?redirect=${encodeURIComponent(here)}`);
  },
});

// A screen whose chunk a deploy removed reloads the page once, at the address the tab was going to.
configureChunkReload({
  pendingHref: () => {
    const next = router.state.navigation.location;
    return next ? next.pathname + next.search + next.hash : undefined;
  },
});

// The first render is a transition: React renders the shell in slices and yields to the browser in
// between, instead of one long task a slow phone cannot respond during.
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
