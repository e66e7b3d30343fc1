"use client";
import { useTranslations } from "next-intl";
import { Checkbox, Group, Stack } from "@mantine/core";
import { memberBrowse } from "@/components/member/member-browse";
import { PickerField } from "@/components/pickers/picker-field";

type OwnerRef = string | null;

/** The owners an owner_eq requirement accepts: whoever runs the workflow, nobody, or chosen members. */
export function OwnerRefsEditor({ value, onChange }: { value: OwnerRef[]; onChange: (value: OwnerRef[]) => void }) {
  const t = useTranslations();
  const members = value.filter((ref): ref is string => ref !== null && ref !== "self");
  const flags = { self: value.includes("self"), none: value.includes(null) };
  const build = (next: { self: boolean; none: boolean; members: string[] }): OwnerRef[] => [
    ...(next.self ? ["self"] : []),
    ...(next.none ? [null] : []),
    ...next.members,
  ];
  return (
    <Stack gap="xs">
      <Group gap="lg">
        <Checkbox
          label={t("workflow.owner.self")}
          checked={flags.self}
          onChange={(event) => onChange(build({ ...flags, self: event.currentTarget.checked, members }))}
        />
        <Checkbox
          label={t("workflow.owner.noneLong")}
          checked={flags.none}
          onChange={(event) => onChange(build({ ...flags, none: event.currentTarget.checked, members }))}
        />
      </Group>
      <PickerField
        config={memberBrowse}
        label={t("workflow.owner.members")}
        multiple
        value={members}
        saved={members}
        onChange={(ids) => onChange(build({ ...flags, members: ids as string[] }))}
      />
    </Stack>
  );
}
