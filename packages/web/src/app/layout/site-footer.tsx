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
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { HoneypotField } from "../../components/honeypot-field.tsx";
import { LeafIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../components/icons.tsx";
import { api } from "../../lib/api.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { SHOP_CONTACT } from "../../lib/shop-contact.ts";
import classes from "./layout.module.css";

const PAGE_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/products", label: "Shop" },
  { to: "/#news", label: "News" },
  { to: "/contact", label: "Contact" },
] as const;

/**
 * About text, contact block, page links and the newsletter's Subscribe box (docs/product.md §2, §7):
 * `POST /api/newsletter`, then a mail with a link confirms. `website` is a honeypot.
 */
export function SiteFooter() {
  const [busy, setBusy] = useState(false);
  const subscribe = async (event: FormEvent<HTMLElement>) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    setBusy(true);
    try {
      await api("/api/newsletter", {
        method: "POST",
        body: { email: String(data.get("email") ?? ""), website: String(data.get("website") ?? "") },
      });
      form.reset();
      notifySuccess("Thanks! Please confirm with the link we have just e-mailed you.");
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
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
          <Stack
            gap="xs"
            component="form"
            onSubmit={(event: FormEvent<HTMLElement>) => void subscribe(event)}
            aria-label="Subscribe"
          >
            <Title order={2} size="h5" c="white">
              Subscribe
            </Title>
            <Text size="sm">Seasonal picks and offers, once a month.</Text>
            <HoneypotField />
            <TextInput
              type="email"
              name="email"
              required
              maxLength={254}
              placeholder="you@example.com"
              aria-label="Email address for the newsletter"
            />
            <Button type="submit" color="orange" loading={busy}>
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
