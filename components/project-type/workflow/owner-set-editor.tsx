"use client";
import { SegmentedControl, Stack } from "@mantine/core";
import { memberBrowse } from "@/components/member/member-browse";
import { PickerField } from "@/components/pickers/picker-field";

type OwnerRef = string | null;

const modeOf = (value: OwnerRef) => (value === "self" ? "self" : value === null ? "none" : "member");

/** The owner an owner_set effect gives the project: whoever runs the workflow, nobody, or one member. */
export function OwnerSetEditor({ value, onChange }: { value: OwnerRef; onChange: (value: OwnerRef) => void }) {
  const mode = modeOf(value);
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="New owner"
        value={mode}
        onChange={(next) => onChange(next === "self" ? "self" : next === "none" ? null : "")}
        data={[
          { value: "self", label: "Whoever runs it" },
          { value: "none", label: "Nobody" },
          { value: "member", label: "A member" },
        ]}
      />
      {mode === "member" && (
        <PickerField config={memberBrowse} label="Member" required value={value} saved={value} onChange={(id) => onChange(String(id ?? ""))} />
      )}
    </Stack>
  );
}
