import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function OrderHistoryPage() {
  return <Title order={1}>OrderHistoryPage</Title>;
}
