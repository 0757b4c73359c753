import { Button, Group, Modal, Text } from "@mantine/core";

/** The dialog `showAlert` opens (its own chunk: loaded on the first alert). */
export function AlertModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal opened={message !== null} onClose={onClose} title="Notice" centered size="sm" zIndex={500}>
      <Text role="alert">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
