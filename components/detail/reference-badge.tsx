"use client";
import { Badge } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useApi } from "@/lib/client/use-api";

type Named = { name?: string; title?: string; reference?: string };

/** The words for an item that cannot be looked up, by its type. */
const UNKNOWN_KEYS: Record<string, string> = {
  customer: "detail.unknown.customer",
  project: "detail.unknown.project",
  project_type: "detail.unknown.projectType",
  member: "detail.unknown.member",
  role: "detail.unknown.role",
  location: "detail.unknown.location",
  file: "detail.unknown.file",
  conversation: "detail.unknown.conversation",
  organization: "detail.unknown.organization",
};

/** The name of a referenced item, linked to it; "Unknown {type}" when it cannot be looked up. */
export function ReferenceBadge({ type, id, color = "gray" }: { type: string; id: string; color?: string }) {
  const t = useTranslations();
  const { data, error } = useApi<Named>(`/${type}/${id}`, undefined, { shouldRetryOnError: false });
  if (error) {
    return (
      <Badge variant="outline" color="gray" tt="none">
        {UNKNOWN_KEYS[type] ? t(UNKNOWN_KEYS[type]) : t("detail.unknown.item")}
      </Badge>
    );
  }
  const name = data?.name ?? data?.title ?? data?.reference;
  return (
    <Badge
      component={Link}
      href={`/${type}/${id}`}
      variant="light"
      color={color}
      tt="none"
      style={{ cursor: "pointer" }}
      aria-busy={!data}
    >
      {name ?? "…"}
    </Badge>
  );
}
