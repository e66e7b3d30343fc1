"use client";
import { ColorInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PALETTE } from "@/lib/schemas/project-type-palette";

const SWATCHES = PALETTE.map((color) => color.hex);

/** Any hex colour, with the product palette as swatches; it becomes the app's primary colour. */
export function BrandColorField({ value, onChange, error }: FieldRenderProps) {
  const t = useTranslations();
  return (
    <ColorInput
      label={t("organization.field.color")}
      required
      format="hex"
      swatches={SWATCHES}
      swatchesPerRow={13}
      value={typeof value === "string" ? value : ""}
      onChange={(next) => onChange(next.toUpperCase())}
      error={error}
    />
  );
}
