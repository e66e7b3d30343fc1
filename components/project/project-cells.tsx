"use client";
import { useTranslations } from "next-intl";
import { Badge, Group, Text, type BadgeProps } from "@mantine/core";
import { useItem } from "@/components/browse/items-by-id";
import type { CustomerItem } from "@/components/customer/customer-item";
import type { MemberItem } from "@/components/member/member-item";
import { ProjectTypeIcon } from "@/components/project-type/project-type-icon";
import type { ProjectTypeItem } from "@/components/project-type/project-type-item";
import { MemberAvatar } from "@/components/shell/member-avatar";
import { statusTitle } from "./project-type-data";

// Each cell asks for its item; the rows of a page share one list request per entity (useItem batches them).

export function ProjectTypeCell({ id }: { id: string }) {
  const t = useTranslations();
  const { data, error } = useItem<ProjectTypeItem>("project_type", id);
  if (error) return <Text size="sm" c="dimmed">{t("project.cell.unknownType")}</Text>;
  if (!data) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <ProjectTypeIcon icon={data.icon} color={data.color} size={22} />
      <Text size="sm">{data.name}</Text>
    </Group>
  );
}

/** A project's status as a badge that always shows its whole title: the column widens instead ("Schedul…" says nothing). */
export function StatusBadge({ type, status, ...props }: { type: ProjectTypeItem; status: number } & BadgeProps) {
  const t = useTranslations();
  return (
    <Badge variant="light" color={type.color} tt="none" style={{ flexShrink: 0 }} styles={{ root: { maxWidth: "none" }, label: { overflow: "visible" } }} {...props}>
      {statusTitle(type, status, t)}
    </Badge>
  );
}

export function ProjectStatusCell({ type, status }: { type: string; status: number }) {
  const { data } = useItem<ProjectTypeItem>("project_type", type);
  if (!data) return null;
  return <StatusBadge type={data} status={status} />;
}

export function OwnerCell({ id }: { id: string | null }) {
  const t = useTranslations();
  const { data, error } = useItem<MemberItem>("member", id);
  if (!id) return null;
  const name = data?.name ?? (error ? t("project.cell.unknownMember") : "…");
  return (
    <Group gap={6} wrap="nowrap">
      <MemberAvatar name={name} email={data?.email} image={data?.image} size="sm" />
      <Text size="sm">{name}</Text>
    </Group>
  );
}

export function CustomerCell({ id }: { id: string | null }) {
  const t = useTranslations();
  const { data, error } = useItem<CustomerItem>("customer", id);
  if (!id) return null;
  return <Text size="sm">{data?.name ?? (error ? t("project.cell.unknownCustomer") : "…")}</Text>;
}
