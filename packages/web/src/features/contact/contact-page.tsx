import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function ContactPage() {
  return <Title order={1}>ContactPage</Title>;
}
