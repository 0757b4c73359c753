import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function ProductEditPage() {
  return <Title order={1}>ProductEditPage</Title>;
}
