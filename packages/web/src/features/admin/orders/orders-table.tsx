import type { Order } from "@fruit/core/orders/order.schema";
import { Button, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { AdminTable } from "../shared/admin-table.tsx";
import { toOrderRow } from "./order-rows.ts";

const HEADERS = ["ID", "USER", "DATE", "TOTAL", "PAID", "DELIVERED", "ACTIONS"];

/** The admin orders table: ID, USER, DATE, TOTAL, PAID, DELIVERED, ACTIONS (Details, Delete). */
export function OrdersTable({
  orders,
  deleting,
  onDelete,
}: {
  orders: Order[];
  deleting: boolean;
  onDelete: (id: string) => void;
}) {
  return (
    <AdminTable headers={HEADERS}>
      {orders.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={HEADERS.length}>
            <Text c="dimmed">No orders yet</Text>
          </Table.Td>
        </Table.Tr>
      )}
      {orders.map(toOrderRow).map((row) => (
        <Table.Tr key={row.id} data-order-id={row.id}>
          <Table.Td ff="monospace" fz="xs">
            {row.id}
          </Table.Td>
          <Table.Td>{row.user}</Table.Td>
          <Table.Td>{row.date}</Table.Td>
          <Table.Td>{row.total}</Table.Td>
          <Table.Td>{row.paid}</Table.Td>
          <Table.Td>{row.delivered}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" component={Link} to={`/order/${row.id}`}>
                Details
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={deleting}
                onClick={() => onDelete(row.id)}
              >
                Delete
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminTable>
  );
}
