import { useSyncExternalStore } from "react";

/**
 * The blocking alerts of docs/product.md §8 ("Sorry. Product is out of stock", the geolocation notice) shown as an
 * accessible modal dialog instead of `window.alert`, which freezes the page and cannot be styled.
 * `components/alert-host.tsx` renders the current message.
 */
let current: { message: string; resolve: () => void } | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Shows a message in a dialog; resolves when the user closes it.
 *
 * @example
 * await showAlert("Sorry. Product is out of stock");
 */
export function showAlert(message: string): Promise<void> {
  current?.resolve();
  return new Promise((resolve) => {
    current = { message, resolve };
    emit();
  });
}

export function closeAlert(): void {
  const closing = current;
  current = null;
  emit();
  closing?.resolve();
}

export function useAlertMessage(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current?.message ?? null,
    () => null,
  );
}
