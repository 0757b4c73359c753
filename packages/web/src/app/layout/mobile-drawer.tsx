import { Button, Divider, Drawer, NavLink as MantineNavLink, Stack } from "@mantine/core";
import { Link, NavLink } from "react-router-dom";
import { useT } from "../../i18n/intl.tsx";
import { useShop } from "../../lib/shop-store.ts";
import { useLogout } from "./account-menu.tsx";
import { ADMIN_LINKS, CUSTOMER_LINKS, NAV_LINKS } from "./nav-items.ts";

/** The phone menu's drawer: page links, then the account's links (its own chunk). */
export function MobileDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const userInfo = useShop((s) => s.userInfo);
  const logout = useLogout();
  const t = useT();
  const accountLinks = userInfo ? (userInfo.isAdmin ? ADMIN_LINKS : CUSTOMER_LINKS) : [];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t({ id: "nav.menu", defaultMessage: "Menu" })}
      size="xs"
      position="right"
      hiddenFrom="md"
    >
      <Stack gap={4} component="nav" aria-label={t({ id: "nav.mobile", defaultMessage: "Mobile" })}>
        {NAV_LINKS.map((link) => (
          <MantineNavLink key={link.to} component={NavLink} to={link.to} label={t(link.label)} end />
        ))}
        <Divider
          my="sm"
          label={userInfo?.name ?? t({ id: "nav.account", defaultMessage: "Account" })}
          labelPosition="left"
        />
        {accountLinks.map((link) => (
          <MantineNavLink key={link.to} component={NavLink} to={link.to} label={t(link.label)} />
        ))}
        {userInfo ? (
          <Button variant="light" color="red" onClick={logout} mt="xs">
            {t({ id: "account.logout", defaultMessage: "Logout" })}
          </Button>
        ) : (
          <Button component={Link} to="/login" color="orange" mt="xs">
            {t({ id: "account.login", defaultMessage: "Log In" })}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
