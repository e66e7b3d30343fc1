"use client";
import { Anchor, Button, Group, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCalendarPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { RecordCard } from "@/components/customer/record-card";
import { useDetail } from "@/components/detail/detail-context";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { useClosingValue } from "@/components/dialog/presence";
import { FileThumb } from "@/components/file/file-thumb";
import { isPreviewImage, type FileItem } from "@/components/file/file-item";
import type { ProjectItem } from "@/components/project/project-item";
import { fileUrl } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import { holds, useSession } from "@/lib/client/use-session";
import { browserZone, todayAt } from "./days";
import type { VisitFormSubject } from "./visit-form";
import { useVisits } from "./use-visits";
import { VisitRows } from "./visit-rows";

// Fetched when first opened: the visit's form, as the schedule has it.
const VisitFormDialog = lazyDialog(() => import("./visit-form").then((module) => module.VisitFormDialog), (props) => props.opened);

/** A file as GET /project/{id}/file lists it: the file, and the visit it came from. */
export type ProjectFileItem = FileItem & { visit: string | null; added: string };

/** The project's visits, first to last, with Schedule visit; and the photos and files kept with it. */
export function ProjectVisitsTab() {
  const t = useTranslations();
  const { item: project, level } = useDetail<ProjectItem>();
  const { data: session } = useSession();
  // Scheduling needs what editing the project needs: its owner, or projects_manage, where sharing allows editing.
  const schedules = level === "edit" && Boolean(session && (project.owner === session.member.id || holds(session, "projects_manage")));
  const [scheduling, setScheduling] = useState<VisitFormSubject | null>(null);
  const form = useClosingValue(scheduling);
  const visits = useVisits({ project: project.id, limit: 200 }, { shouldRetryOnError: false });
  const files = useApi<{ items: ProjectFileItem[] }>(`/project/${project.id}/file`, undefined, { shouldRetryOnError: false });
  return (
    <Stack gap="md" maw={800}>
      <RecordCard
        title={t("visits.title")}
        loadingLabel={t("visits.loading")}
        loading={visits.isLoading}
        error={visits.error}
        onRetry={() => void visits.mutate()}
        empty={visits.data && visits.data.items.length === 0 ? t("visits.emptyProject") : null}
        actions={
          schedules && (
            <Button size="compact-sm" variant="light" leftSection={<IconCalendarPlus size={14} />} onClick={() => setScheduling({ visit: null, project: { id: project.id, title: project.title }, date: todayAt(browserZone()) })}>
              {t("visits.schedule")}
            </Button>
          )
        }
      >
        {visits.data && <VisitRows visits={visits.data.items} show="customer" />}
      </RecordCard>
      <RecordCard
        title={t("visits.files")}
        loadingLabel={t("visits.filesLoading")}
        loading={files.isLoading}
        error={files.error}
        onRetry={() => void files.mutate()}
        empty={files.data && files.data.items.length === 0 ? t("visits.filesEmpty") : null}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="project-files">
          {files.data?.items.map((file) => (
            <Anchor key={file.id} component={Link} href={`/file/${file.id}`} aria-label={file.name} data-testid="project-file">
              {isPreviewImage(file.mimetype) && !file.removed ? (
                <Image src={fileUrl(file.id)} alt={file.name} h={120} fit="cover" radius="sm" loading="lazy" style={{ border: "1px solid var(--mantine-color-default-border)" }} />
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <FileThumb file={file} />
                  <Text size="sm" truncate>
                    {file.name}
                  </Text>
                </Group>
              )}
            </Anchor>
          ))}
        </SimpleGrid>
      </RecordCard>
      <VisitFormDialog key={form.opening} subject={form.shown} opened={form.opened} onClose={() => setScheduling(null)} />
    </Stack>
  );
}
