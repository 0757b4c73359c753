import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function UsersAdminPage() {
  return <Title order={1}>UsersAdminPage</Title>;
}
