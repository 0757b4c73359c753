import { Group } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { notifySuccess } from "../../../lib/notify.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { FilterSelect, Pager, SearchForm } from "../shared/list-controls.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { usePageStack } from "../shared/use-page-stack.ts";
import { adminOrdersKey, ORDER_STATES, type OrderState, useAdminOrders } from "./api/use-admin-orders.ts";
import { useDeleteOrder } from "./api/use-delete-order.ts";
import { OrdersTable } from "./orders-table.tsx";

const STATE_OPTIONS = [
  { value: "", label: "All" },
  ...ORDER_STATES.map((state) => ({ value: state, label: state[0]!.toUpperCase() + state.slice(1) })),
];

const isOrderState = (value: string | null): value is OrderState =>
  (ORDER_STATES as readonly (string | null)[]).includes(value);

/**
 * /admin/orders — the orders, newest first, 25 a page with Previous / Next; filtered by state and
 * searched by order id or customer e-mail on the server, both in the URL (?state=&q=). Details and
 * Delete per row; a delete reloads the page on screen.
 */
export function OrdersAdminPage() {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get("state");
  const state = isOrderState(stateParam) ? stateParam : undefined;
  const q = params.get("q")?.trim() ?? "";
  const pages = usePageStack(adminOrdersKey({ state, q }));
  const { data, error, isLoading } = useAdminOrders(pages.key);
  const deleteOrder = useDeleteOrder();
  const [confirm, confirmDialog] = useConfirm();
  const deleting = useAdminAction();

  const filter = (next: { state?: string | undefined; q?: string }) => {
    const query = new URLSearchParams();
    const nextState = "state" in next ? next.state : state;
    const nextQ = "q" in next ? next.q : q;
    if (nextState) query.set("state", nextState);
    if (nextQ) query.set("q", nextQ);
    setParams(query);
  };

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
      <Group gap="md" align="flex-end">
        <FilterSelect
          label="State"
          options={STATE_OPTIONS}
          value={state ?? ""}
          onChange={(value) => filter({ state: value || undefined })}
        />
        <SearchForm
          key={q}
          label="Search orders"
          placeholder="Order id or customer e-mail"
          value={q}
          onSearch={(query) => filter({ q: query })}
        />
      </Group>
      {isLoading && !data ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <>
          <div aria-busy={isLoading} style={{ opacity: isLoading ? 0.6 : 1 }}>
            <OrdersTable
              orders={data.items}
              empty={state || q ? "No orders match" : "No orders yet"}
              deleting={deleting.pending}
              onDelete={(id) => void remove(id)}
            />
          </div>
          <Pager pages={pages} next={data.next} loading={isLoading} />
        </>
      )}
    </AdminPage>
  );
}
