import { DiscardDialog } from "@/components/dialog/discard-dialog";

/** Asked before an import dialog with a mapped file is closed by a click outside, Escape or its close button. */
export function DiscardMappingDialog({ opened, onKeep, onDiscard }: { opened: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <DiscardDialog
      opened={opened}
      title="Discard the mapping?"
      text="The chosen file and its mapping will be lost."
      keepLabel="Keep editing"
      onKeep={onKeep}
      onDiscard={onDiscard}
      zIndex={300}
    />
  );
}
