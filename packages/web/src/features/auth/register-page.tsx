import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function RegisterPage() {
  return <Title order={1}>RegisterPage</Title>;
}
