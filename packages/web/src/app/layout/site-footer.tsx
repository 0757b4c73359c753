import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { FormEvent } from "react";
import { Link } from "react-router-dom";
import { LeafIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../components/icons.tsx";
import { notifyInfo } from "../../lib/notify.ts";
import { SHOP_CONTACT } from "../../lib/shop-contact.ts";
import classes from "./layout.module.css";

const PAGE_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/products", label: "Shop" },
  { to: "/#news", label: "News" },
  { to: "/contact", label: "Contact" },
] as const;

/** About text, contact block, page links and a Subscribe box that sends nothing (docs/product.md §2, §7). */
export function SiteFooter() {
  const subscribe = (event: FormEvent<HTMLElement>) => {
    event.preventDefault();
    (event.currentTarget as HTMLFormElement).reset();
    notifyInfo("Thanks! This demo shop has no newsletter yet, so your e-mail was not sent or stored.");
  };
  return (
    <Box component="footer" className={classes.footer} pt={56} pb="lg">
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Group gap={6} c="white">
              <LeafIcon size={26} />
              <Text fw={800} size="xl" c="white">
                Fruit Shop
              </Text>
            </Group>
            <Text size="sm">
              Fresh fruit and vegetables from family farms, picked ripe, sold by the kilo and delivered to
              your door.
            </Text>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5" c="white">
              Contact
            </Title>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <MapPinIcon size={18} />
              <Text size="sm">{SHOP_CONTACT.address}</Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <MailIcon size={18} />
              <Anchor href={`mailto:${SHOP_CONTACT.email}`} size="sm" className={classes.footerLink}>
                {SHOP_CONTACT.email}
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <PhoneIcon size={18} />
              <Anchor href={`tel:${SHOP_CONTACT.phoneHref}`} size="sm" className={classes.footerLink}>
                {SHOP_CONTACT.phone}
              </Anchor>
            </Group>
          </Stack>
          <Stack gap="xs" component="nav" aria-label="Footer">
            <Title order={2} size="h5" c="white">
              Pages
            </Title>
            {PAGE_LINKS.map((link) => (
              <Link key={link.label} to={link.to} className={classes.footerLink}>
                <Text size="sm">{link.label}</Text>
              </Link>
            ))}
          </Stack>
          <Stack gap="xs" component="form" onSubmit={subscribe} aria-label="Subscribe">
            <Title order={2} size="h5" c="white">
              Subscribe
            </Title>
            <Text size="sm">Seasonal picks and offers, once a month.</Text>
            <TextInput
              type="email"
              required
              placeholder="you@example.com"
              aria-label="Email address for the newsletter"
            />
            <Button type="submit" color="orange">
              Subscribe
            </Button>
          </Stack>
        </SimpleGrid>
        <Text size="xs" ta="center" mt={48} c="rgba(255,255,255,0.7)">
          © {new Date().getFullYear()} Fruit Shop. Prices per kg, in US dollars.
        </Text>
      </Container>
    </Box>
  );
}
