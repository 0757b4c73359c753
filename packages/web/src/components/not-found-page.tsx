import { notFoundHead } from "@fruit/core/browser/pages";
import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";
import { usePageHead } from "../lib/page-head.ts";
import { LeafIcon } from "./icons.tsx";

/** Any unknown path. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageHead(notFoundHead(pathname), { canonical: false });
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Text c="green.6">
          <LeafIcon size={64} />
        </Text>
        <Text fz={72} fw={900} c="orange.6" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          This page was not found
        </Title>
        <Text c="dimmed">
          The page may have moved, or the link may be mistyped. The fruit is still fresh, though.
        </Text>
        <Group>
          <Button component={Link} to="/" radius="xl">
            Go home
          </Button>
          <Button component={Link} to="/products" radius="xl" variant="outline">
            Browse products
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
