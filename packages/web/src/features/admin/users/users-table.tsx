import type { AdminUser } from "@fruit/core/users/user.schema";
import { Button, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { AdminTable } from "../shared/admin-table.tsx";

const HEADERS = ["ID", "NAME", "EMAIL", "IS ADMIN", "ACTIONS"];

/** The admin users table: ID, NAME, EMAIL, IS ADMIN (YES/NO), ACTIONS (Edit, Delete). */
export function UsersTable({
  users,
  deleting,
  onDelete,
}: {
  users: AdminUser[];
  deleting: boolean;
  onDelete: (id: string) => void;
}) {
  return (
    <AdminTable headers={HEADERS}>
      {users.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={HEADERS.length}>
            <Text c="dimmed">No users yet</Text>
          </Table.Td>
        </Table.Tr>
      )}
      {users.map((user) => (
        <Table.Tr key={user._id}>
          <Table.Td ff="monospace" fz="xs">
            {user._id}
          </Table.Td>
          <Table.Td>{user.name}</Table.Td>
          <Table.Td>{user.email}</Table.Td>
          <Table.Td>{user.isAdmin ? "YES" : "NO"}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" component={Link} to={`/admin/user/${user._id}`}>
                Edit
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={deleting}
                onClick={() => onDelete(user._id)}
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
