import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { fetcher } from "../lib/api.ts";
import { theme } from "./theme.ts";

/** Mantine (theme + toasts: one at a time, 5 s, bottom centre) and SWR with the API fetcher. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="bottom-center" autoClose={5000} limit={1} />
      <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>{children}</SWRConfig>
    </MantineProvider>
  );
}
