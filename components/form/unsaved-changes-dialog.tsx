import { Button, Group, Modal, Text } from "@mantine/core";

export function UnsavedChangesDialog({ opened, onStay, onDiscard }: { opened: boolean; onStay: () => void; onDiscard: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title="Unsaved changes" centered>
      <Text size="sm">Are you sure you want to leave?</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Modal>
  );
}
