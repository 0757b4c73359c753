import { CONTACT_LIMITS } from "@fruit/core/browser/contact";
import { Button, Card, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { HoneypotField } from "../../../components/honeypot-field.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { api } from "../../../lib/api.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";

/**
 * docs/product.md §3: the contact form. It sends `POST /api/contact` (202: stored, the shop is
 * mailed); a 400 or 429 is shown as its message. `website` is a honeypot people never see or fill.
 */
export function ContactForm() {
  const [busy, setBusy] = useState(false);
  const t = useT();
  const submit = async (event: FormEvent<HTMLElement>) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "");
    setBusy(true);
    try {
      await api("/api/contact", {
        method: "POST",
        body: {
          name: field("name"),
          email: field("email"),
          ...(field("phone").trim() ? { phone: field("phone") } : {}),
          subject: field("subject"),
          message: field("message"),
          website: field("website"),
        },
      });
      form.reset();
      notifySuccess(
        t({
          id: "contact.sent",
          defaultMessage: "Thank you: we have received it. We will answer by e-mail.",
        }),
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      component="form"
      onSubmit={(event: FormEvent<HTMLElement>) => void submit(event)}
      aria-labelledby="contact-form-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="contact-form-title">
          {t({ id: "contact.form.title", defaultMessage: "Send us a message" })}
        </Title>
        <HoneypotField />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            name="name"
            label={t({ id: "account.name", defaultMessage: "Name" })}
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
          />
          <TextInput
            name="email"
            type="email"
            label={t({ id: "account.email", defaultMessage: "Email" })}
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
          />
          <TextInput
            name="phone"
            type="tel"
            label={t({ id: "contact.phone", defaultMessage: "Phone" })}
            autoComplete="tel"
            maxLength={CONTACT_LIMITS.phone}
          />
          <TextInput
            name="subject"
            label={t({ id: "contact.subject", defaultMessage: "Subject" })}
            required
            maxLength={CONTACT_LIMITS.subject}
          />
        </SimpleGrid>
        <Textarea
          name="message"
          label={t({ id: "contact.message", defaultMessage: "Message" })}
          required
          autosize
          minRows={5}
          maxLength={CONTACT_LIMITS.message}
        />
        <Button type="submit" radius="xl" size="md" w={{ base: "100%", sm: "auto" }} loading={busy}>
          {t({ id: "contact.submit", defaultMessage: "Submit" })}
        </Button>
      </Stack>
    </Card>
  );
}
