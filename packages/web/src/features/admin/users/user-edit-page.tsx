import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function UserEditPage() {
  return <Title order={1}>UserEditPage</Title>;
}
