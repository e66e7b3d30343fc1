"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PickerField } from "@/components/pickers/picker-field";
import { PRIVILEGE_LABELS, PRIVILEGES } from "@/lib/schemas/constants";

/** The privileges of a role, chosen in the Privilege picker and kept in the product's fixed order. */
export function PrivilegesField(props: FieldRenderProps) {
  const t = useTranslations();
  const options = useMemo(() => PRIVILEGES.map((privilege) => ({ id: privilege, name: t(PRIVILEGE_LABELS[privilege]), description: privilege })), [t]);
  return (
    <PickerField
      {...props}
      label={t("role.field.privileges")}
      multiple
      options={options}
      onChange={(next) => props.onChange(PRIVILEGES.filter((p) => Array.isArray(next) && next.includes(p)))}
    />
  );
}
