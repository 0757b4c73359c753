import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function CheckoutPage() {
  return <Title order={1}>CheckoutPage</Title>;
}
