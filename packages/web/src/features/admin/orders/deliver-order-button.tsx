import { Button } from "@mantine/core";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { useDeliverOrder } from "./api/use-deliver-order.ts";

/**
 * The order screen's Deliver Order button for admins (lazy-loaded there): shown only for a paid,
 * undelivered order (docs/product.md §4 lifecycle); on success 'Order is delivered' and the screen re-fetches.
 */
export function DeliverOrderButton({
  order,
  onDelivered,
}: {
  order: { _id: string; isPaid: boolean; isDelivered: boolean };
  onDelivered: () => void;
}) {
  const deliverOrder = useDeliverOrder();
  const { run, pending } = useAdminAction();
  if (!order.isPaid || order.isDelivered) return null;

  const deliver = async () => {
    const ok = await run(() => deliverOrder(order._id));
    if (!ok) return;
    notifySuccess("Order is delivered");
    onDelivered();
  };

  return (
    <Button fullWidth onClick={() => void deliver()} loading={pending}>
      Deliver Order
    </Button>
  );
}
