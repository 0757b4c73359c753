import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function ProductPage() {
  return <Title order={1}>ProductPage</Title>;
}
