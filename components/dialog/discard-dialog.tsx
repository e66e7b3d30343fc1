import { Button, Group, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { Dialog } from "./dialog";

type Props = {
  opened: boolean;
  title: string;
  text: string;
  /** The button that keeps what would be lost; it has the focus. */
  keepLabel: string;
  onKeep: () => void;
  onDiscard: () => void;
  /** Above another dialog it is asked from. */
  zIndex?: number;
};

/** Asks before work in progress is thrown away; closing it keeps the work. */
export function DiscardDialog({ opened, title, text, keepLabel, onKeep, onDiscard, zIndex }: Props) {
  const t = useTranslations();
  return (
    <Dialog opened={opened} onClose={onKeep} title={title} centered zIndex={zIndex}>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onKeep} data-autofocus>
          {keepLabel}
        </Button>
        <Button color="red" onClick={onDiscard}>
          {t("common.discard")}
        </Button>
      </Group>
    </Dialog>
  );
}
