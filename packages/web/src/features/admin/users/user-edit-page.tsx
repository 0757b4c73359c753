import { Card } from "@mantine/core";
import { useNavigate, useParams } from "react-router-dom";
import { notifySuccess } from "../../../lib/notify.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { useAdminUser } from "./api/use-admin-user.ts";
import { useUpdateUser } from "./api/use-update-user.ts";
import { UserForm, type UserFormOutput } from "./user-form.tsx";

/** /admin/user/{id} — Update saves and goes back to /admin/users (demoting yourself is refused: a toast). */
export function UserEditPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useAdminUser(id);
  const updateUser = useUpdateUser();
  const { run, pending } = useAdminAction();

  const save = async (update: UserFormOutput) => {
    const ok = await run(() => updateUser(id, update));
    if (!ok) return;
    notifySuccess("User updated successfully");
    navigate("/admin/users");
  };

  return (
    <AdminPage title={`Edit User ${id}`} maw={560}>
      {isLoading ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <Card withBorder padding="lg">
          <UserForm key={data._id} initial={data} submitting={pending} onSubmit={save} />
        </Card>
      )}
    </AdminPage>
  );
}
