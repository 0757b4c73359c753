import { notFoundHead } from "@fruit/core/browser/pages";
import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";
import { useLocale, useT } from "../i18n/intl.tsx";
import { usePageHead } from "../lib/page-head.ts";
import { LeafIcon } from "./icons.tsx";

/** Any unknown path. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT();
  usePageHead(notFoundHead(pathname, useLocale()), { canonical: false });
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
          {t({ id: "notFound.title", defaultMessage: "This page was not found" })}
        </Title>
        <Text c="dimmed">
          {t({
            id: "notFound.text",
            defaultMessage:
              "The page may have moved, or the link may be mistyped. The fruit is still fresh, though.",
          })}
        </Text>
        <Group>
          <Button component={Link} to="/" radius="xl">
            {t({ id: "notFound.home", defaultMessage: "Go home" })}
          </Button>
          <Button component={Link} to="/products" radius="xl" variant="outline">
            {t({ id: "notFound.products", defaultMessage: "Browse products" })}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
