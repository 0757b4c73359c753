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
import { defineMessage } from "react-intl";
import { Link } from "react-router-dom";
import { HoneypotField } from "../../components/honeypot-field.tsx";
import { LeafIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../components/icons.tsx";
import { useT } from "../../i18n/intl.tsx";
import { api } from "../../lib/api.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { SHOP_CONTACT } from "../../lib/shop-contact.ts";
import classes from "./layout.module.css";

const PAGE_LINKS = [
  { to: "/", label: defineMessage({ id: "footer.home", defaultMessage: "Home" }) },
  { to: "/about", label: defineMessage({ id: "footer.about", defaultMessage: "About" }) },
  { to: "/products", label: defineMessage({ id: "footer.shop", defaultMessage: "Shop" }) },
  { to: "/#news", label: defineMessage({ id: "footer.news", defaultMessage: "News" }) },
  { to: "/contact", label: defineMessage({ id: "footer.contact", defaultMessage: "Contact" }) },
  {
    to: "/accessibility",
    label: defineMessage({ id: "footer.accessibility", defaultMessage: "Accessibility" }),
  },
] as const;

/**
 * About text, contact block, page links and the newsletter's Subscribe box (docs/product.md §2, §7):
 * `POST /api/newsletter`, then a mail with a link confirms. `website` is a honeypot.
 */
export function SiteFooter() {
  const [busy, setBusy] = useState(false);
  const t = useT();
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
      notifySuccess(
        t({
          id: "footer.newsletter.thanks",
          defaultMessage: "Thanks! Please confirm with the link we have just e-mailed you.",
        }),
      );
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
              {t({
                id: "footer.about.text",
                defaultMessage:
                  "Fresh fruit and vegetables from family farms, picked ripe, sold by the kilo and delivered to your door.",
              })}
            </Text>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5" c="white">
              {t({ id: "footer.contact.title", defaultMessage: "Contact" })}
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
          <Stack gap="xs" component="nav" aria-label={t({ id: "footer.nav", defaultMessage: "Footer" })}>
            <Title order={2} size="h5" c="white">
              {t({ id: "footer.pages", defaultMessage: "Pages" })}
            </Title>
            {PAGE_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={classes.footerLink}>
                <Text size="sm">{t(link.label)}</Text>
              </Link>
            ))}
          </Stack>
          <Stack
            gap="xs"
            component="form"
            onSubmit={(event: FormEvent<HTMLElement>) => void subscribe(event)}
            aria-label={t({ id: "footer.subscribe", defaultMessage: "Subscribe" })}
          >
            <Title order={2} size="h5" c="white">
              {t({ id: "footer.subscribe", defaultMessage: "Subscribe" })}
            </Title>
            <Text size="sm">
              {t({ id: "footer.subscribe.text", defaultMessage: "Seasonal picks and offers, once a month." })}
            </Text>
            <HoneypotField />
            <TextInput
              type="email"
              name="email"
              required
              maxLength={254}
              placeholder={t({ id: "form.email.placeholder", defaultMessage: "you@example.com" })}
              aria-label={t({
                id: "footer.subscribe.email",
                defaultMessage: "Email address for the newsletter",
              })}
            />
            <Button type="submit" color="orange" loading={busy}>
              {t({ id: "footer.subscribe", defaultMessage: "Subscribe" })}
            </Button>
          </Stack>
        </SimpleGrid>
        <Text size="xs" ta="center" mt={48} c="rgba(255,255,255,0.7)">
          {t(
            { id: "footer.copyright", defaultMessage: "© {year} Fruit Shop. Prices per kg, in US dollars." },
            { year: new Date().getFullYear() },
          )}
        </Text>
      </Container>
    </Box>
  );
}
