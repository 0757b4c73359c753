import type { Summary } from "@fruit/core/browser/stats";
import { Card, SimpleGrid, Text } from "@mantine/core";
import { money } from "../shared/format.ts";

/** The dashboard's three cards (docs/product.md §2): number of users, number of orders, total sales ($, 2 decimals). */
export function summaryFigures(summary: Summary) {
  return {
    users: summary.users[0]?.numUsers ?? 0,
    orders: summary.orders[0]?.numOrders ?? 0,
    sales: money(summary.orders[0]?.totalSales ?? 0),
  };
}

function FigureCard({ value, label, testId }: { value: string | number; label: string; testId: string }) {
  return (
    <Card withBorder shadow="xs" padding="lg">
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
      <Text c="dimmed">{label}</Text>
    </Card>
  );
}

export function SummaryCards({ summary }: { summary: Summary }) {
  const figures = summaryFigures(summary);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <FigureCard value={figures.users} label="Users" testId="summary-users" />
      <FigureCard value={figures.orders} label="Orders" testId="summary-orders" />
      <FigureCard value={figures.sales} label="Total Sales" testId="summary-sales" />
    </SimpleGrid>
  );
}
