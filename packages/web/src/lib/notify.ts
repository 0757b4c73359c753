import { notifications } from "@mantine/notifications";
import { errorMessage } from "./api.ts";

/**
 * Toasts: one at a time (a new one replaces the current), 5 s, bottom centre (docs/product.md §2 Layout);
 * the position and timing are set on <Notifications> in app/providers.tsx.
 */
export function notifySuccess(message: string): void {
  notifications.clean();
  notifications.show({ message, color: "green" });
}

export function notifyError(error: unknown): void {
  notifications.clean();
  notifications.show({ message: typeof error === "string" ? error : errorMessage(error), color: "red" });
}

export function notifyInfo(message: string): void {
  notifications.clean();
  notifications.show({ message, color: "blue" });
}
