import { notifySuccess } from "../../../lib/notify.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { useAdminOrders } from "./api/use-admin-orders.ts";
import { useDeleteOrder } from "./api/use-delete-order.ts";
import { OrdersTable } from "./orders-table.tsx";

/** /admin/orders — every order with Details and Delete. */
export function OrdersAdminPage() {
  const { data, error, isLoading } = useAdminOrders();
  const deleteOrder = useDeleteOrder();
  const [confirm, confirmDialog] = useConfirm();
  const deleting = useAdminAction();

  const remove = async (id: string) => {
    if (!(await confirm("Are you sure to delete?"))) return;
    await deleting.run(async () => {
      await deleteOrder(id);
      notifySuccess("order deleted successfully");
    });
  };

  return (
    <AdminPage title="Orders">
      {confirmDialog}
      {isLoading ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <OrdersTable orders={data} deleting={deleting.pending} onDelete={(id) => void remove(id)} />
      )}
    </AdminPage>
  );
}
