"use client";
import { Badge, Button, Group, Input } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PickerDialog } from "./picker-dialog";
import type { PickerSource } from "./use-picker-items";

type Props<Item extends { id: string }> = FieldRenderProps &
  PickerSource<Item> & {
    label: string;
    required?: boolean;
    /** The value is a list of ids, chosen with checkboxes and Confirm. */
    multiple?: boolean;
  };

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : typeof value === "string" && value ? [value] : [];

/** A form field holding one id (or several), chosen in a picker dialog and shown as badges. */
export function PickerField<Item extends { id: string }>({ label, required, multiple, value, onChange, error, ...rest }: Props<Item>) {
  const [opened, { open, close }] = useDisclosure(false);
  const source = ("config" in rest ? { config: rest.config } : { options: rest.options }) as PickerSource<Item>;
  const ids = idsOf(value);
  const noun = label.toLowerCase();
  const badge = (id: string) => {
    if ("config" in source) return <ReferenceBadge key={id} type={source.config.type} id={id} />;
    const option = source.options.find((o) => o.id === id);
    return (
      <Badge key={id} variant="light" color="gray" tt="none">
        {option?.name ?? id}
      </Badge>
    );
  };
  return (
    <Input.Wrapper label={label} required={required} error={error}>
      <Group gap="sm" mt={4}>
        {ids.map(badge)}
        <Button variant="default" size="xs" onClick={open}>
          {ids.length > 0 ? "Change" : `Choose ${noun}`}
        </Button>
        {!required && ids.length > 0 && (
          <Button variant="subtle" color="gray" size="xs" onClick={() => onChange(multiple ? [] : null)}>
            Clear
          </Button>
        )}
      </Group>
      <PickerDialog<Item>
        {...source}
        title={`Choose ${noun}`}
        opened={opened}
        onClose={close}
        multiple={multiple}
        value={ids}
        onPick={(picked) => {
          onChange(multiple ? picked : (picked[0] ?? null));
          close();
        }}
      />
    </Input.Wrapper>
  );
}
