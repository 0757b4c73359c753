import { formatQuantity } from "@fruit/core/browser/money";
import type { ForecastDay } from "@fruit/core/browser/subscriptions";
import { Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { AdminTable } from "../shared/admin-table.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminSWR } from "../shared/use-admin-swr.ts";

/** GET /api/delivery/forecast?weeks=4 (docs/decisions/051-standing-orders.md). */
export const FORECAST_KEY = "/api/delivery/forecast?weeks=4";

/**
 * The harvest forecast: per window date of the next four weeks, what to pick — the placed orders
 * and the subscriptions not yet opened, less skips and pauses. One row per product and date, so the
 * table prints as a grower's list (Print uses the browser's).
 */
export function ForecastTable() {
  const forecast = useAdminSWR<ForecastDay[]>(FORECAST_KEY);
  const rows = (forecast.data ?? []).flatMap((day) => day.products.map((product) => ({ day, product })));
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Harvest forecast, next four weeks
          </Title>
          <Button size="xs" variant="light" onClick={() => window.print()}>
            Print
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Placed orders (paid or not) and the subscriptions' boxes not yet placed, less skips and pauses.
        </Text>
        {forecast.isLoading ? (
          <LoadingState />
        ) : forecast.error || !forecast.data ? (
          <ErrorState error={forecast.error} />
        ) : (
          <AdminTable
            headers={["DATE", "WINDOW", "PRODUCT", "QUANTITY"]}
            empty={rows.length === 0 && "Nothing to pick in the next four weeks"}
          >
            {rows.map(({ day, product }) => (
              <Table.Tr key={`${day.date}-${day.start}-${product._id}`} data-testid="forecast-row">
                <Table.Td>{day.date}</Table.Td>
                <Table.Td>
                  {day.start}–{day.end}
                </Table.Td>
                <Table.Td>{product.name}</Table.Td>
                <Table.Td>
                  {formatQuantity(product.unit === "kg" ? "kg" : "piece", product.quantity)}
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        )}
      </Stack>
    </Card>
  );
}
