import { Box, Container, Group } from "@mantine/core";
import { Link, NavLink, useLocation } from "react-router-dom";
import { LeafIcon } from "../../components/icons.tsx";
import { useT } from "../../i18n/intl.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { CartLink } from "./cart-link.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import classes from "./layout.module.css";
import { MobileNav } from "./mobile-nav.tsx";
import { FIXED_HEADER_PATHS, NAV_LINKS } from "./nav-items.ts";
import { useScrolledPast } from "./use-scrolled.ts";

/** The navigation bar: fixed on /, /about and /contact, sticky elsewhere, restyled past 80 px. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast();
  const t = useT();
  const fixed = FIXED_HEADER_PATHS.has(pathname);
  const className = [
    classes.header,
    fixed ? classes.fixed : classes.sticky,
    scrolled ? classes.scrolled : "",
  ].join(" ");
  return (
    <Box component="header" className={className} data-scrolled={scrolled || undefined}>
      <Container size="xl" w="100%">
        <Group justify="space-between" wrap="nowrap">
          <Link
            to="/"
            className={classes.logo}
            aria-label={t({ id: "header.home", defaultMessage: "FruitShop home" })}
          >
            <Group gap={6} wrap="nowrap">
              <Box c="green.7" display="flex">
                <LeafIcon size={28} />
              </Box>
              <span>
                Fruit<span style={{ color: "var(--mantine-color-orange-7)" }}>Shop</span>
              </span>
            </Group>
          </Link>
          <Group
            component="nav"
            aria-label={t({ id: "header.nav", defaultMessage: "Main" })}
            gap="lg"
            visibleFrom="md"
          >
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={classes.navLink} end>
                {t(link.label)}
              </NavLink>
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <CartLink />
            <Box visibleFrom="md">
              <AccountMenu />
            </Box>
            <MobileNav />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
