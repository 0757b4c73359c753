import { Anchor, Box, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../../components/icons.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { SHOP_CONTACT } from "../../../lib/shop-contact.ts";

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon size={44} radius="xl" variant="light" color="green">
        {icon}
      </ThemeIcon>
      <div>
        <Text fw={700}>{title}</Text>
        {children}
      </div>
    </Group>
  );
}

/**
 * Address, hours, phone and e-mail, and a drawn map of the block (a static picture rather than a
 * third-party map frame: no extra script, cookie or key on a public page).
 */
export function ContactDetails() {
  const t = useT();
  // The hours of lib/shop-contact.ts, in the page's language.
  const hours = [
    t({ id: "contact.hours.week", defaultMessage: "Mon-Fri 8 to 9 PM" }),
    t({ id: "contact.hours.weekend", defaultMessage: "Sat-Sun 10 to 8 PM" }),
  ];
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="lg">
          <Title order={2} size="h3">
            {t({ id: "contact.visit", defaultMessage: "Visit the shop" })}
          </Title>
          <Detail icon={<MapPinIcon />} title={t({ id: "contact.address", defaultMessage: "Address" })}>
            <Text c="dimmed">{SHOP_CONTACT.address}</Text>
          </Detail>
          <Detail icon={<ClockIcon />} title={t({ id: "contact.hours", defaultMessage: "Opening hours" })}>
            {hours.map((line) => (
              <Text key={line} c="dimmed">
                {line}
              </Text>
            ))}
          </Detail>
          <Detail icon={<PhoneIcon />} title={t({ id: "contact.phone", defaultMessage: "Phone" })}>
            <Anchor href={`tel:${SHOP_CONTACT.phoneHref}`}>{SHOP_CONTACT.phone}</Anchor>
          </Detail>
          <Detail icon={<MailIcon />} title={t({ id: "contact.email", defaultMessage: "E-mail" })}>
            <Anchor href={`mailto:${SHOP_CONTACT.email}`}>{SHOP_CONTACT.email}</Anchor>
          </Detail>
        </Stack>
      </Card>
      <Box
        role="img"
        aria-label={t(
          { id: "contact.map", defaultMessage: "Map: the shop at {address}" },
          { address: SHOP_CONTACT.address },
        )}
        h={220}
        style={{
          borderRadius: "var(--mantine-radius-lg)",
          position: "relative",
          overflow: "hidden",
          background:
            "linear-gradient(90deg, transparent 47%, #fff 47%, #fff 53%, transparent 53%), linear-gradient(0deg, transparent 44%, #fff 44%, #fff 50%, transparent 50%), linear-gradient(35deg, transparent 60%, #ffe8cc 60%, #ffe8cc 66%, transparent 66%), #d3f9d8",
        }}
      >
        <Box pos="absolute" top="38%" left="46%" c="red.7" style={{ transform: "translate(-50%, -50%)" }}>
          <MapPinIcon size={44} fill="#fff" />
        </Box>
      </Box>
    </Stack>
  );
}
