"use client";
import { Radio, Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useLabel } from "@/components/shell/use-label";
import type { Option } from "./browse-config";

type Props = { sorts: Option[]; field: string; direction: string; onChange: (sort: string) => void };

/** The sort popover's content: the field and the direction. */
export function SortPanel({ sorts, field, direction, onChange }: Props) {
  const t = useTranslations();
  const label = useLabel();
  return (
    <Stack gap="md">
      <Radio.Group label={t("browse.sort.by")} value={field} onChange={(next) => onChange(`${next}:${direction}`)}>
        <Stack gap={6} mt={6}>
          {sorts.map((sort) => (
            <Radio key={sort.value} value={sort.value} label={label(sort.label)} />
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group label={t("browse.sort.order")} value={direction} onChange={(next) => onChange(`${field}:${next}`)}>
        <Stack gap={6} mt={6}>
          <Radio value="asc" label={t("browse.sort.ascending")} />
          <Radio value="desc" label={t("browse.sort.descending")} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
