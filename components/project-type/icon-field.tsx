"use client";
import { useTranslations } from "next-intl";
import type { FieldRenderProps } from "@/components/form/form-config";
import { ICONS } from "@/lib/schemas/project-type-palette";
import { useLabel } from "@/components/shell/use-label";
import { ChoiceGrid } from "./choice-grid";
import { PROJECT_TYPE_ICONS } from "./project-type-icon";

/** The project type's icon, chosen from the fixed set, each shown as its picture. */
export function IconField({ value, onChange, error }: FieldRenderProps) {
  const t = useTranslations();
  // The form's own check says "Choose an icon" by its key.
  const label = useLabel();
  const choices = ICONS.map((icon) => {
    const { icon: Picture, label } = PROJECT_TYPE_ICONS[icon];
    return { value: icon, label: t(label), content: <Picture size={22} stroke={1.75} aria-hidden /> };
  });
  return (
    <ChoiceGrid
      label={t("projectType.field.icon")}
      required
      error={error && label(error)}
      choices={choices}
      value={typeof value === "string" && value ? value : null}
      onChange={onChange}
    />
  );
}
