import { isPrivatePath, privateHead } from "@fruit/core/browser/pages";
import { Box } from "@mantine/core";
import { useEffect } from "react";
import { Outlet, useLocation, useNavigation } from "react-router-dom";
import { AlertHost } from "../../components/alert-host.tsx";
import { useT } from "../../i18n/intl.tsx";
import { applyPageHead } from "../../lib/page-head.ts";
import { useShop } from "../../lib/shop-store.ts";
import { FirstOpenSpinner } from "./first-open-spinner.tsx";
import classes from "./layout.module.css";
import { FIXED_HEADER_PATHS } from "./nav-items.ts";
import { useScrollManager } from "./scroll-manager.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * Header, page and footer. Full-box mode (the map) hides the chrome so the page owns the screen.
 * A thin bar runs across the top while the next screen's chunk loads.
 */
export function AppLayout() {
  const fullBox = useShop((s) => s.fullBox);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useScrollManager();
  const t = useT();
  // Public pages write their own head (lib/page-head.ts); the private screens get the shop-wide one.
  useEffect(() => {
    if (isPrivatePath(pathname)) applyPageHead(privateHead(pathname), { canonical: false });
  }, [pathname]);
  const fixed = FIXED_HEADER_PATHS.has(pathname);
  return (
    <Box>
      <FirstOpenSpinner />
      {navigation.state === "loading" && <div className={classes.progress} aria-hidden="true" />}
      <a href="#main" className="skip-link">
        {t({ id: "layout.skip", defaultMessage: "Skip to content" })}
      </a>
      {!fullBox && <SiteHeader />}
      <main id="main" className={fullBox ? undefined : fixed ? classes.fixedMain : classes.stickyMain}>
        <Outlet />
      </main>
      {!fullBox && <SiteFooter />}
      <AlertHost />
    </Box>
  );
}
