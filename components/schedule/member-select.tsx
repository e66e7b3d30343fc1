"use client";
import { Select, type SelectProps } from "@mantine/core";

/** The week view's choice of one member's week (Mantine's Select, with its combobox: loaded with the week view). */
export function MemberSelect(props: SelectProps) {
  return <Select allowDeselect={false} w={200} searchable {...props} />;
}
