import { Button, Group, Modal, Text } from "@mantine/core";
import { useCallback, useRef, useState } from "react";

/**
 * The confirmations of docs/product.md §8 ('Are you sure to create?', 'Are you sure to delete?') as a Mantine modal
 * instead of `window.confirm`, so they match the app and are testable in the DOM.
 *
 * @example
 * const [confirm, confirmDialog] = useConfirm();
 * if (await confirm("Are you sure to delete?")) remove(id);
 * return <>{confirmDialog}...</>;
 */
export function useConfirm(): [(message: string) => Promise<boolean>, React.ReactNode] {
  const [message, setMessage] = useState<string | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback((text: string) => {
    resolver.current?.(false);
    setMessage(text);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setMessage(null);
  };

  const dialog = (
    <Modal opened={message !== null} onClose={() => answer(false)} title="Please confirm" centered>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => answer(false)}>
          Cancel
        </Button>
        <Button color="red" onClick={() => answer(true)} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
  return [confirm, dialog];
}
