"use client";
import { Badge, type BadgeProps } from "@mantine/core";
import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { useLabel } from "@/components/shell/use-label";
import type { ImportField } from "@/lib/import/fields";
import { CUT_OFF_TEXT } from "./use-cut-off";

const chipStyle = { cursor: "grab", textTransform: "none", maxWidth: "100%" } as const;

type Props = BadgeProps & ComponentPropsWithoutRef<"div"> & { field: ImportField; mapped?: boolean; asButton?: boolean };

/** How a field chip looks: green when required, blue when optional; filled once mapped. */
export const ChipBadge = forwardRef<HTMLDivElement, Props>(function ChipBadge({ field, mapped, asButton, style, ...props }, ref) {
  const configLabel = useLabel();
  return (
    <Badge
      ref={ref}
      // A button, so the chip is reachable by Tab and opens its menu with Enter.
      renderRoot={asButton ? (root) => <button type="button" {...root} /> : undefined}
      size="lg"
      radius="sm"
      variant={mapped ? "filled" : "light"}
      color={field.required ? "green" : "blue"}
      data-field={field.id}
      data-required={field.required ? "true" : undefined}
      attributes={{ label: { [CUT_OFF_TEXT]: "" } }}
      {...props}
      style={{ ...chipStyle, ...(style as object) }}
    >
      {configLabel(field.label)}
    </Badge>
  );
});
