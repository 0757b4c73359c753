import { Button, Card, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import type { FormEvent } from "react";
import { notifyInfo } from "../../../lib/notify.ts";

/** docs/product.md §3: the contact form's fields; it makes no call (docs/product.md §7), and says so. */
export function ContactForm() {
  const submit = (event: FormEvent<HTMLElement>) => {
    event.preventDefault();
    (event.currentTarget as HTMLFormElement).reset();
    notifyInfo("Thanks! This demo shop does not send messages yet: please call or e-mail us instead.");
  };
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      component="form"
      onSubmit={submit}
      aria-labelledby="contact-form-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="contact-form-title">
          Send us a message
        </Title>
        <input type="hidden" name="token" value="contact-form" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput name="name" label="Name" autoComplete="name" required />
          <TextInput name="email" type="email" label="Email" autoComplete="email" required />
          <TextInput name="phone" type="tel" label="Phone" autoComplete="tel" />
          <TextInput name="subject" label="Subject" required />
        </SimpleGrid>
        <Textarea name="message" label="Message" required autosize minRows={5} />
        <Button type="submit" radius="xl" size="md" w={{ base: "100%", sm: "auto" }}>
          Submit
        </Button>
      </Stack>
    </Card>
  );
}
