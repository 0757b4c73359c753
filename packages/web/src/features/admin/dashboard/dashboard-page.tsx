import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function DashboardPage() {
  return <Title order={1}>DashboardPage</Title>;
}
