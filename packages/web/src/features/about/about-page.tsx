import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function AboutPage() {
  return <Title order={1}>AboutPage</Title>;
}
