"use client";
import { useTranslations } from "next-intl";
import { SegmentedControl, Stack } from "@mantine/core";
import { memberBrowse } from "@/components/member/member-browse";
import { PickerField } from "@/components/pickers/picker-field";

type OwnerRef = string | null;

const modeOf = (value: OwnerRef) => (value === "self" ? "self" : value === null ? "none" : "member");

/** The owner an owner_set effect gives the project: whoever runs the workflow, nobody, or one member. */
export function OwnerSetEditor({ value, onChange }: { value: OwnerRef; onChange: (value: OwnerRef) => void }) {
  const t = useTranslations();
  const mode = modeOf(value);
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t("workflow.owner.newOwner")}
        value={mode}
        onChange={(next) => onChange(next === "self" ? "self" : next === "none" ? null : "")}
        data={[
          { value: "self", label: t("workflow.owner.self") },
          { value: "none", label: t("workflow.owner.none") },
          { value: "member", label: t("workflow.owner.aMember") },
        ]}
      />
      {mode === "member" && (
        <PickerField config={memberBrowse} label={t("workflow.owner.member")} required value={value} saved={value} onChange={(id) => onChange(String(id ?? ""))} />
      )}
    </Stack>
  );
}
