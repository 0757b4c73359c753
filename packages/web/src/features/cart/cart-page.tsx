import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function CartPage() {
  return <Title order={1}>CartPage</Title>;
}
