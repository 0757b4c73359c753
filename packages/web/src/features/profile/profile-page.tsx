import { Title } from "@mantine/core";

/** Placeholder until its issue lands. */
export function ProfilePage() {
  return <Title order={1}>ProfilePage</Title>;
}
