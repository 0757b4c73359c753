import "@mantine/charts/styles.css";
import type { Summary } from "@fruit/core/browser/stats";
import { AreaChart, PieChart } from "@mantine/charts";
import { Alert, Box, Card, Title } from "@mantine/core";
import { money } from "../shared/format.ts";

// Imported only by the dashboard screen, so recharts and the charts CSS live in the admin chunk.

const PIE_COLORS = [
  "green.6",
  "orange.6",
  "red.6",
  "yellow.6",
  "grape.6",
  "teal.6",
  "blue.6",
  "lime.6",
  "pink.6",
];

const CHART_HEIGHT = 400;

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder shadow="xs" padding="lg">
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Sales per day: date against sales. */
export function SalesChart({ dailyOrders }: { dailyOrders: Summary["dailyOrders"] }) {
  return (
    <ChartCard title="Sales">
      {dailyOrders.length === 0 ? (
        <Alert color="gray">No Sales</Alert>
      ) : (
        <AreaChart
          w="100%"
          h={CHART_HEIGHT}
          data={dailyOrders.map((day) => ({ date: day._id, sales: day.sales }))}
          dataKey="date"
          series={[{ name: "sales", label: "Sales", color: "green.6" }]}
          curveType="monotone"
          valueFormatter={money}
          withDots={dailyOrders.length < 40}
        />
      )}
    </ChartCard>
  );
}

/** Products per category: category against count. */
export function CategoriesChart({ productCategories }: { productCategories: Summary["productCategories"] }) {
  return (
    <ChartCard title="Categories">
      {productCategories.length === 0 ? (
        <Alert color="gray">No Category</Alert>
      ) : (
        <Box w="100%" h={CHART_HEIGHT}>
          <PieChart
            w="100%"
            h={CHART_HEIGHT}
            size={280}
            withLabels
            labelsType="name"
            labelsPosition="outside"
            withTooltip
            tooltipDataSource="segment"
            data={productCategories.map((category, index) => ({
              name: category._id,
              value: category.count,
              color: PIE_COLORS[index % PIE_COLORS.length]!,
            }))}
          />
        </Box>
      )}
    </ChartCard>
  );
}
