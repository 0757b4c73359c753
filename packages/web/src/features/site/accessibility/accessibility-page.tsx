import { accessibilityHead } from "@fruit/core/browser/pages";
import { Anchor, Container, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { useLocale, useT } from "../../../i18n/intl.tsx";
import { usePageHead } from "../../../lib/page-head.ts";
import { SHOP_CONTACT } from "../../../lib/shop-contact.ts";

/**
 * /accessibility — what in the shop conforms to WCAG 2.2 AA, what is known not to, and how to tell
 * the shop about a barrier (by mail, phone or the contact form), in the page's language.
 */
export function AccessibilityPage() {
  const t = useT();
  usePageHead(accessibilityHead(useLocale()));
  const mail = (chunks: React.ReactNode[]) => <Anchor href={`mailto:${SHOP_CONTACT.email}`}>{chunks}</Anchor>;
  const contact = (chunks: React.ReactNode[]) => (
    <Anchor component={Link} to="/contact">
      {chunks}
    </Anchor>
  );
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t({ id: "a11y.title", defaultMessage: "Accessibility" })}</Title>
        <Text>
          {t({
            id: "a11y.intro",
            defaultMessage:
              "We want every shopper to be able to browse, order and pay on Fruit Shop, by mouse, keyboard, touch or screen reader, in English or in French.",
          })}
        </Text>
        <Stack gap="xs" component="section" aria-labelledby="a11y-conforms">
          <Title order={2} size="h3" id="a11y-conforms">
            {t({ id: "a11y.conforms.title", defaultMessage: "What conforms" })}
          </Title>
          <Text>
            {t({
              id: "a11y.conforms.text",
              defaultMessage:
                "The storefront, the checkout, your orders and your profile aim at WCAG 2.2 level AA. Each release is checked automatically with axe on every page, on a phone and a desktop screen, in both languages.",
            })}
          </Text>
          <List spacing="xs">
            <List.Item>
              {t({
                id: "a11y.conforms.keyboard",
                defaultMessage: "Everything works with the keyboard alone, and the focus is always visible.",
              })}
            </List.Item>
            <List.Item>
              {t({
                id: "a11y.conforms.motion",
                defaultMessage:
                  "Moving carousels have a pause button and stay still when your device asks for reduced motion.",
              })}
            </List.Item>
            <List.Item>
              {t({
                id: "a11y.conforms.targets",
                defaultMessage: "Buttons and links are at least 24 by 24 pixels.",
              })}
            </List.Item>
            <List.Item>
              {t({
                id: "a11y.conforms.language",
                defaultMessage:
                  "Every page declares its language, and the language link in the header keeps you on the same page.",
              })}
            </List.Item>
          </List>
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="a11y-limits">
          <Title order={2} size="h3" id="a11y-limits">
            {t({ id: "a11y.limits.title", defaultMessage: "Known limits" })}
          </Title>
          <Text>
            {t({
              id: "a11y.limits.text",
              defaultMessage:
                "The delivery map comes from Google Maps: you can type your address instead of using it. The PayPal window is PayPal's own.",
            })}
          </Text>
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="a11y-report">
          <Title order={2} size="h3" id="a11y-report">
            {t({ id: "a11y.report.title", defaultMessage: "Report a barrier" })}
          </Title>
          <Text>
            {t(
              {
                id: "a11y.report.text",
                defaultMessage:
                  "If something stops you, tell us at <mail>{email}</mail>, call {phone}, or use the <contact>contact form</contact>. Say which page and what happened; we answer within a working day.",
              },
              { email: SHOP_CONTACT.email, phone: SHOP_CONTACT.phone, mail, contact },
            )}
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
