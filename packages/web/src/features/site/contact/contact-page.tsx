import { contactHead } from "@fruit/core/browser/pages";
import { Container, Grid } from "@mantine/core";
import { PageHero } from "../../../components/page-hero.tsx";
import { useLocale, useT } from "../../../i18n/intl.tsx";
import { usePageHead } from "../../../lib/page-head.ts";
import { ContactDetails } from "./contact-details.tsx";
import { ContactForm } from "./contact-form.tsx";

/** /contact — 'Contact us': the form (POST /api/contact), address, hours, phone, e-mail and a map. */
export function ContactPage() {
  usePageHead(contactHead(useLocale()));
  const t = useT();
  return (
    <>
      <PageHero
        title={t({ id: "contact.title", defaultMessage: "Contact us" })}
        lead={t({
          id: "contact.lead",
          defaultMessage: "Questions about an order, a farm or a custom box? We are here to help.",
        })}
        image="/images/seed/banner-watermelon/800.webp"
      />
      <Container size="xl" py={64}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ContactForm />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ContactDetails />
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
