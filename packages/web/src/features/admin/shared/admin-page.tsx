import { Container, Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The frame of every admin screen: the page width of the storefront, a title and optional actions. */
export function AdminPage({
  title,
  actions,
  maw,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  maw?: number;
  children: ReactNode;
}) {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg" maw={maw}>
        <Group justify="space-between" gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
