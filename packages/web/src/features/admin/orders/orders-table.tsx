import type { Order } from "@fruit/core/browser/orders";
import { Table, Text } from "@mantine/core";
import { AdminTable, RowActions } from "../shared/admin-table.tsx";
import { toOrderRow } from "./order-rows.ts";

const HEADERS = ["ID", "USER", "DATE", "TOTAL", "PAID", "DELIVERED", "ACTIONS"];

/**
 * The admin orders table: ID, USER, DATE, TOTAL (with a picked order's final and its refunds under
 * it), PAID, DELIVERED, ACTIONS (Details, Delete).
 */
export function OrdersTable({
  orders,
  empty = "No orders yet",
  deleting,
  onDelete,
}: {
  orders: Order[];
  /** What the table says when `orders` is empty. */
  empty?: string;
  deleting: boolean;
  onDelete: (id: string) => void;
}) {
  return (
    <AdminTable headers={HEADERS} empty={orders.length === 0 && empty}>
      {orders.map(toOrderRow).map((row) => (
        <Table.Tr key={row.id} data-order-id={row.id}>
          <Table.Td ff="monospace" fz="xs">
            {row.id}
          </Table.Td>
          <Table.Td>{row.user}</Table.Td>
          <Table.Td>{row.date}</Table.Td>
          <Table.Td>
            {row.total}
            {row.final && (
              <Text size="xs" c="green">
                {row.final}
              </Text>
            )}
            {row.refunded && (
              <Text size="xs" c="violet">
                {row.refunded}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{row.paid}</Table.Td>
          <Table.Td>{row.delivered}</Table.Td>
          <RowActions
            to={`/order/${row.id}`}
            label="Details"
            deleting={deleting}
            onDelete={() => onDelete(row.id)}
          />
        </Table.Tr>
      ))}
    </AdminTable>
  );
}
