import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function NotFoundPage() {
  return <Title order={1}>NotFoundPage</Title>;
}
