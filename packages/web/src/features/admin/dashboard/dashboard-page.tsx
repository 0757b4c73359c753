import { AdminPage } from "../shared/admin-page.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useSummary } from "./api/use-summary.ts";
import { DeliveryDays } from "./delivery-days.tsx";
import { RunningLow } from "./running-low.tsx";
import { SummaryCards } from "./summary-cards.tsx";
import { CategoriesChart, SalesChart } from "./summary-charts.tsx";

/**
 * /admin/dashboard — users, orders and sales figures with the Sales and Categories charts, and the
 * "Running low" list.
 */
export function DashboardPage() {
  const { data, error, isLoading } = useSummary();
  return (
    <AdminPage title="Dashboard">
      {isLoading ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <>
          <SummaryCards summary={data} />
          <RunningLow products={data.lowStock ?? []} />
          <SalesChart dailyOrders={data.dailyOrders} />
          <CategoriesChart productCategories={data.productCategories} />
          <DeliveryDays />
        </>
      )}
    </AdminPage>
  );
}
