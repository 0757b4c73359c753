import { Notifications } from "@mantine/notifications";

/** The toast area (docs/product.md §2: one at a time, 5 s, bottom centre); loaded with the first toast. */
export function NotificationsHost() {
  return <Notifications position="bottom-center" autoClose={5000} limit={1} />;
}
