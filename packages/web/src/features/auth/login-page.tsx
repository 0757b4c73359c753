import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function LoginPage() {
  return <Title order={1}>LoginPage</Title>;
}
