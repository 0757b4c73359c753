import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function ProductsAdminPage() {
  return <Title order={1}>ProductsAdminPage</Title>;
}
