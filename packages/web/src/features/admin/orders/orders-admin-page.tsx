import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function OrdersAdminPage() {
  return <Title order={1}>OrdersAdminPage</Title>;
}
