import { lazy, Suspense, useState } from "react";
import { closeAlert, useAlertMessage } from "../lib/alert.ts";

const AlertModal = lazy(() => import("./alert-modal.tsx").then((m) => ({ default: m.AlertModal })));

/** Renders the current `showAlert` message as a modal dialog, loaded with the first alert. */
export function AlertHost() {
  const message = useAlertMessage();
  const [needed, setNeeded] = useState(false);
  if (!needed && message !== null) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <AlertModal message={message} onClose={closeAlert} />
    </Suspense>
  ) : null;
}
