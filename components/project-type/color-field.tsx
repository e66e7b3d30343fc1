"use client";
import { ColorSwatch } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { FieldRenderProps } from "@/components/form/form-config";
import { ChoiceGrid } from "./choice-grid";
import { PALETTE_OPTIONS } from "./project-type-colors";

/** The project type's colour: one of the 26 palette swatches, named for screen readers. */
export function ColorField({ value, onChange, error }: FieldRenderProps) {
  const t = useTranslations();
  const current = typeof value === "string" ? value.toUpperCase() : null;
  const choices = PALETTE_OPTIONS.map((color) => ({
    value: color.hex,
    label: t(color.label),
    content: (
      <ColorSwatch color={color.hex} size={26} component="span" aria-hidden>
        {color.hex === current && <IconCheck size={14} color={color.light ? "black" : "white"} />}
      </ColorSwatch>
    ),
  }));
  return <ChoiceGrid label={t("projectType.field.color")} error={error} choices={choices} value={current} onChange={onChange} />;
}
