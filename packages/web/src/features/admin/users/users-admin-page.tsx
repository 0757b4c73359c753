import { useSearchParams } from "react-router-dom";
import { notifySuccess } from "../../../lib/notify.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { Pager, SearchForm } from "../shared/list-controls.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { usePageStack } from "../shared/use-page-stack.ts";
import { adminUsersKey, useAdminUsers } from "./api/use-admin-users.ts";
import { useDeleteUser } from "./api/use-delete-user.ts";
import { UsersTable } from "./users-table.tsx";

/**
 * /admin/users — the accounts, 25 a page with Previous / Next, searched by name or e-mail on the
 * server (?q= in the URL); Edit and Delete per row (the API refuses deleting yourself: a toast).
 */
export function UsersAdminPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const pages = usePageStack(adminUsersKey({ q }));
  const { data, error, isLoading } = useAdminUsers(pages.key);
  const deleteUser = useDeleteUser();
  const [confirm, confirmDialog] = useConfirm();
  const deleting = useAdminAction();

  const search = (query: string) => setParams(query ? { q: query } : {});

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
      <SearchForm key={q} label="Search users" placeholder="Name or e-mail" value={q} onSearch={search} />
      {isLoading && !data ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <>
          <div aria-busy={isLoading} style={{ opacity: isLoading ? 0.6 : 1 }}>
            <UsersTable
              users={data.items}
              empty={q ? "No users match" : "No users yet"}
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
