import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function ProductsPage() {
  return <Title order={1}>ProductsPage</Title>;
}
