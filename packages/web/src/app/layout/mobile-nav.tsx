import { Burger } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { useT } from "../../i18n/intl.tsx";

// The drawer (with its overlay, focus trap and scroll lock) loads the first time the burger is used.
const MobileDrawer = lazy(() => import("./mobile-drawer.tsx").then((m) => ({ default: m.MobileDrawer })));

/** Phones: a burger that opens a drawer with the page links and the account links. */
export function MobileNav() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  const { pathname } = useLocation();
  const t = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the route changes
  useEffect(close, [pathname]);
  return (
    <>
      <Burger
        opened={opened}
        onClick={() => {
          setUsed(true);
          toggle();
        }}
        size="sm"
        hiddenFrom="md"
        aria-label={
          opened
            ? t({ id: "nav.close", defaultMessage: "Close navigation" })
            : t({ id: "nav.open", defaultMessage: "Open navigation" })
        }
      />
      {used && (
        <Suspense fallback={null}>
          <MobileDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
