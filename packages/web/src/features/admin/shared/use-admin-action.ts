import { useCallback, useState } from "react";
import { notifyError } from "../../../lib/notify.ts";

/**
 * Runs one admin mutation at a time: `pending` while it runs, and a failure shown as a toast with
 * the server's message (e.g. the API refusing to delete or demote yourself). A 403 here is not taken
 * as "no longer an admin" on its own, since the API also refuses some actions with it: the mutations
 * revalidate their list keys instead, and the list's read (useAdminSWR) leaves the admin area if the
 * caller really was demoted.
 *
 * @example
 * const { run, pending } = useAdminAction();
 * const ok = await run(async () => { await deleteUser(id); notifySuccess("user deleted successfully"); });
 */
export function useAdminAction() {
  const [pending, setPending] = useState(false);
  const run = useCallback(async (action: () => Promise<void>): Promise<boolean> => {
    setPending(true);
    try {
      await action();
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  return { run, pending };
}
