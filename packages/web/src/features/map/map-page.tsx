import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function MapPage() {
  return <Title order={1}>MapPage</Title>;
}
