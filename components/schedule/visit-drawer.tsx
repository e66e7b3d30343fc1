"use client";
import { Alert, Anchor, Badge, Button, Drawer, Group, List, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconEdit } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import type { CustomerItem } from "@/components/customer/customer-item";
import { memberName } from "@/components/member/member-item";
import { useActiveMembers } from "@/components/member/use-active-members";
import { ProjectCustomerCard } from "@/components/project/project-customer-card";
import { MemberAvatar } from "@/components/shell/member-avatar";
import { dayDate, zoneName } from "@/components/visit/days";
import { PhoneButtons } from "@/components/visit/phone-buttons";
import type { VisitItem } from "@/components/visit/visit-item";
import { VisitStatusBadge } from "@/components/visit/visit-status-badge";
import { useOwnTime } from "@/components/visit/visit-when";
import { useApi } from "@/lib/client/use-api";
import { useClashText } from "./clash-text";

type Props = { visit: VisitItem | null; opened: boolean; onClose: () => void; onEdit: (visit: VisitItem) => void };

/** A visit in a side panel: when, who, its project and customer (with call and message), its clashes, and Edit. */
export function VisitDrawer({ visit, opened, onClose, onEdit }: Props) {
  const t = useTranslations();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={<Title order={3} size="h4">{visit?.project_title ?? t("dispatch.drawer.title")}</Title>}>
      {visit && <VisitDetails visit={visit} onEdit={onEdit} />}
    </Drawer>
  );
}

function VisitDetails({ visit, onEdit }: { visit: VisitItem; onEdit: (visit: VisitItem) => void }) {
  const t = useTranslations();
  const format = useFormatter();
  const clashText = useClashText();
  const members = useActiveMembers().data?.items ?? [];
  const { data: customer, isLoading } = useApi<CustomerItem>(visit.customer ? `/customer/${visit.customer}` : null, undefined, { shouldRetryOnError: false });
  const when = visit.start && visit.end
    ? format.dateTimeRange(new Date(visit.start), new Date(visit.end), { timeZone: visit.time_zone, weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" })
    : visit.day
      ? t("visits.whenDay", { date: format.dateTime(dayDate(visit.day), { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }) })
      : t("visits.unscheduled");
  const ownTime = useOwnTime()(visit);
  const assigned = visit.members.map((id) => members.find((member) => member.id === id) ?? { id, name: "…", email: "", image: null });

  return (
    <Stack gap="md" data-testid="visit-drawer">
      <Group gap="xs">
        <VisitStatusBadge status={visit.status} />
        {visit.arrival_window !== null && <Badge variant="outline" color="gray">{t("dispatch.drawer.window", { minutes: visit.arrival_window })}</Badge>}
      </Group>
      <Stack gap={2}>
        <Text fw={600}>{when}</Text>
        <Text size="xs" c="dimmed">
          {zoneName(visit.time_zone)}
          {ownTime && ` · ${ownTime}`}
        </Text>
      </Stack>
      {visit.clashes.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t("dispatch.clash.badge")}>
          <List size="sm" spacing={4}>
            {visit.clashes.map((clash) => (
              <List.Item key={`${clash.type}:${clash.id}:${clash.start}`}>{clashText(clash, visit.time_zone)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Stack gap={6}>
        <Text size="sm" c="dimmed">{t("visits.form.members")}</Text>
        {assigned.length === 0 ? (
          <Text size="sm">{t("visits.form.nobody")}</Text>
        ) : (
          assigned.map((member) => (
            <Group key={member.id} gap="xs">
              <MemberAvatar name={member.name} email={member.email} image={member.image} size={24} />
              <Text size="sm">{memberName(member)}</Text>
            </Group>
          ))
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">{t("visits.form.project")}</Text>
        <Anchor component={Link} href={`/project/${visit.project}`} fw={500}>
          {visit.project_title}
        </Anchor>
      </Stack>
      {visit.instructions && (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">{t("visits.form.instructions")}</Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{visit.instructions}</Text>
        </Stack>
      )}
      {visit.customer && (
        <>
          {isLoading && <Skeleton height={32} />}
          {customer?.phone && <PhoneButtons phone={customer.phone} variant="light" />}
          <ProjectCustomerCard customerId={visit.customer} siteId={visit.site} />
        </>
      )}
      <Button leftSection={<IconEdit size={16} />} onClick={() => onEdit(visit)}>
        {t("dispatch.drawer.edit")}
      </Button>
    </Stack>
  );
}
