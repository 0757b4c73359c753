import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function HomePage() {
  return <Title order={1}>HomePage</Title>;
}
