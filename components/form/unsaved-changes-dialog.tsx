import { DiscardDialog } from "@/components/dialog/discard-dialog";

export function UnsavedChangesDialog({ opened, onStay, onDiscard }: { opened: boolean; onStay: () => void; onDiscard: () => void }) {
  return (
    <DiscardDialog
      opened={opened}
      title="Unsaved changes"
      text="Are you sure you want to leave?"
      keepLabel="Cancel"
      onKeep={onStay}
      onDiscard={onDiscard}
    />
  );
}
