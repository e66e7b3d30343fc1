import { Button, Group, Modal, Text } from "@mantine/core";

/** Asked before an import dialog with a mapped file is closed by a click outside, Escape or its close button. */
export function DiscardMappingDialog({ opened, onKeep, onDiscard }: { opened: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <Modal opened={opened} onClose={onKeep} title="Discard the mapping?" centered zIndex={300}>
      <Text size="sm">The chosen file and its mapping will be lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onKeep} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Modal>
  );
}
