import { AdminPage } from "../shared/admin-page.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useSummary } from "./api/use-summary.ts";
import { DeliveryDays } from "./delivery-days.tsx";
import { PromotionFigures } from "./promotion-figures.tsx";
import { RunningLow } from "./running-low.tsx";
import { SummaryCards } from "./summary-cards.tsx";
import { CategoriesChart, SalesChart } from "./summary-charts.tsx";

/**
 * /admin/dashboard — users, orders and sales figures (net of refunds and discounts) with the Sales
 * and Categories charts, the "Running low" list and each promotion code's orders and discount.
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
          <PromotionFigures promotions={data.promotions} />
          <DeliveryDays />
        </>
      )}
    </AdminPage>
  );
}
