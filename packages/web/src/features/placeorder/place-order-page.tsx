import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function PlaceOrderPage() {
  return <Title order={1}>PlaceOrderPage</Title>;
}
