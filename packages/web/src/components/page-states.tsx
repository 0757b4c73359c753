import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { useT } from "../i18n/intl.tsx";
import { errorMessage } from "../lib/api.ts";

/** The spinner every list and form shows while loading (docs/product.md §2). */
export function LoadingBlock({ label }: { label?: string }) {
  const t = useT();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader color="green" type="dots" size="lg" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label ?? t({ id: "state.loading", defaultMessage: "Loading" })}…
        </Text>
      </Stack>
    </Center>
  );
}

/** A failed load: the server's message (or the generic one) and, when given, a retry. */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  return (
    <Alert
      color="red"
      variant="light"
      title={t({ id: "state.error", defaultMessage: "Could not load" })}
      role="alert"
      my="md"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t({ id: "state.retry", defaultMessage: "Try again" })}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
