"use client";
import { Button, Group, Input } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PickerDialog } from "./picker-dialog";

type Props<Item extends { id: string }> = FieldRenderProps & {
  label: string;
  required?: boolean;
  config: BrowseConfig<Item>;
};

/** A form field holding one item id, chosen in the entity's picker and shown as a reference badge. */
export function PickerField<Item extends { id: string }>({ label, required, config, value, onChange, error }: Props<Item>) {
  const [opened, { open, close }] = useDisclosure(false);
  const id = typeof value === "string" && value ? value : null;
  return (
    <Input.Wrapper label={label} required={required} error={error}>
      <Group gap="sm" mt={4}>
        {id ? <ReferenceBadge type={config.type} id={id} /> : null}
        <Button variant="default" size="xs" onClick={open}>
          {id ? "Change" : `Choose ${label.toLowerCase()}`}
        </Button>
      </Group>
      <PickerDialog
        config={config}
        title={`Choose ${label.toLowerCase()}`}
        opened={opened}
        onClose={close}
        onPick={([picked]) => {
          onChange(picked ?? null);
          close();
        }}
      />
    </Input.Wrapper>
  );
}
