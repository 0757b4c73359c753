import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function OrderPage() {
  return <Title order={1}>OrderPage</Title>;
}
