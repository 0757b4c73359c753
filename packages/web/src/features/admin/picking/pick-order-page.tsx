import type { Order } from "@fruit/core/browser/orders";
import { Alert, Button, Card, Stack } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { PriceSummary } from "../../../components/price-summary.tsx";
import { canPick, chargedPrices, FinalSummary, PickedItemsList } from "../../orders/index.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useOrderToPick } from "./api.ts";
import { PickingForm } from "./picking-form.tsx";

/** An order that can no longer be picked: why, and what was picked once it is final. */
function PickedView({ order }: { order: Order }) {
  const why = order.isDelivered
    ? "This order was delivered: its picking can no longer change."
    : order.finalizedAt
      ? `This order was picked and weighed on ${order.finalizedAt.substring(0, 10)}.`
      : "Only a paid order that is not cancelled can be picked.";
  return (
    <Stack gap="md" maw={720}>
      <Alert color="gray" variant="light">
        {why}
      </Alert>
      {order.finalizedAt && (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <PickedItemsList items={order.orderItems} />
            <PriceSummary prices={chargedPrices(order)} />
            <FinalSummary order={order} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/**
 * /admin/order/:id/pick — picking a paid order (POST /api/orders/{id}/final): each line as picked and
 * weighed, unavailable lines and their substitutes, with a live preview of the final charge. An
 * order already final, delivered, unpaid or cancelled is shown read-only.
 */
export function PickOrderPage() {
  const { id = "" } = useParams();
  const { data: order, error, isLoading } = useOrderToPick(id);
  if (isLoading) return <LoadingState />;
  if (error || !order) return <ErrorState error={error} />;
  return (
    <AdminPage
      title={`Pick order ${order._id}`}
      actions={
        <Button component={Link} to={`/order/${order._id}`} variant="default">
          Back to order
        </Button>
      }
    >
      {canPick(order) ? <PickingForm order={order} /> : <PickedView order={order} />}
    </AdminPage>
  );
}
