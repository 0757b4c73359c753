import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { SWRConfig } from "swr";
import { fetcher } from "../lib/api.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

// The toast container (and its transitions) is fetched when the first toast is shown: it is not
// needed to paint a page, and it keeps ~10 KB out of the first download.
const NotificationsHost = lazy(() =>
  import("./notifications-host.tsx").then((m) => ({ default: m.NotificationsHost })),
);

function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** Mantine (theme + toasts: one at a time, 5 s, bottom centre) and SWR with the API fetcher. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <LazyNotifications />
      <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
        {children}
      </SWRConfig>
    </MantineProvider>
  );
}
