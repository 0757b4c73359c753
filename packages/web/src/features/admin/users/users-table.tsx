import type { AdminUser } from "@fruit/core/browser/users";
import { Table } from "@mantine/core";
import { AdminTable, RowActions } from "../shared/admin-table.tsx";

const HEADERS = ["ID", "NAME", "EMAIL", "IS ADMIN", "ACTIONS"];

/** The admin users table: ID, NAME, EMAIL, IS ADMIN (YES/NO), ACTIONS (Edit, Delete). */
export function UsersTable({
  users,
  empty = "No users yet",
  deleting,
  onDelete,
}: {
  users: AdminUser[];
  /** What the table says when `users` is empty. */
  empty?: string;
  deleting: boolean;
  onDelete: (id: string) => void;
}) {
  return (
    <AdminTable headers={HEADERS} empty={users.length === 0 && empty}>
      {users.map((user) => (
        <Table.Tr key={user._id}>
          <Table.Td ff="monospace" fz="xs">
            {user._id}
          </Table.Td>
          <Table.Td>{user.name}</Table.Td>
          <Table.Td>{user.email}</Table.Td>
          <Table.Td>{user.isAdmin ? "YES" : "NO"}</Table.Td>
          <RowActions
            to={`/admin/user/${user._id}`}
            label="Edit"
            deleting={deleting}
            onDelete={() => onDelete(user._id)}
          />
        </Table.Tr>
      ))}
    </AdminTable>
  );
}
