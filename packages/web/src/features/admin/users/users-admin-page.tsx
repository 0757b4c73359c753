import { notifySuccess } from "../../../lib/notify.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { useAdminUsers } from "./api/use-admin-users.ts";
import { useDeleteUser } from "./api/use-delete-user.ts";
import { UsersTable } from "./users-table.tsx";

/** /admin/users — every account with Edit and Delete (the API refuses deleting yourself: a toast). */
export function UsersAdminPage() {
  const { data, error, isLoading } = useAdminUsers();
  const deleteUser = useDeleteUser();
  const [confirm, confirmDialog] = useConfirm();
  const deleting = useAdminAction();

  const remove = async (id: string) => {
    if (!(await confirm("Are you sure to delete?"))) return;
    await deleting.run(async () => {
      await deleteUser(id);
      notifySuccess("user deleted successfully");
    });
  };

  return (
    <AdminPage title="Users">
      {confirmDialog}
      {isLoading ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <UsersTable users={data} deleting={deleting.pending} onDelete={(id) => void remove(id)} />
      )}
    </AdminPage>
  );
}
