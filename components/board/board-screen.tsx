"use client";
import { useTranslations } from "next-intl";
import { Button, Center, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { Suspense, useEffect } from "react";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { useClosingValue } from "@/components/dialog/presence";
import { useProjectType, useProjectTypes } from "@/components/project/project-type-data";
import { LoadFailure } from "@/components/shell/load-failure";
import { BoardColumns } from "./board-columns";
import { BoardTypeSelect } from "./board-type-select";
import classes from "./board.module.css";
import { BOARD_CAP, useBoardProjects } from "./use-board-projects";
import { useBoardType } from "./use-board-type";

// Loaded on the first drop that asks: running a workflow brings its form validation.
const BoardDropDialog = dynamic(() => import("./board-drop-dialog").then((module) => module.BoardDropDialog), { ssr: false });

/** The project board (/dnd): the projects of one type in a column per status, moved between statuses by dragging. */
export function BoardScreen() {
  const t = useTranslations();
  return (
    <Container fluid py="lg" className={classes.screen}>
      <Stack gap="md" flex={1} mih={0}>
        <PageCrumbs items={[{ label: t("board.crumb.projects"), href: "/project" }, { label: t("board.crumb.board") }]} />
        {/* The chosen type is read from the URL, which needs a suspense boundary in the App Router. */}
        <Suspense>
          <Board />
        </Suspense>
      </Stack>
    </Container>
  );
}

function Board() {
  const t = useTranslations();
  const [typeId, choose] = useBoardType();
  const types = useProjectTypes();
  const items = types.data?.items;
  const { data: type, error: typeError } = useProjectType(typeId);
  const { projects, error, capped, loadingMore, move, question } = useBoardProjects(typeId, type);
  const asked = useClosingValue(question);

  useEffect(() => {
    // With no type in the URL, the board opens on the first one.
    if (!typeId && items?.length) choose(items[0].id);
  }, [typeId, items, choose]);

  return (
    <>
      <Group justify="space-between" gap="sm">
        <Title order={2}>{t("board.title")}</Title>
        <Group gap="sm">
          {items && items.length > 0 && <BoardTypeSelect types={items} value={typeId} onChange={choose} />}
          <Button component={Link} href="/project/new" leftSection={<IconPlus size={16} />}>
            {t("board.newProject")}
          </Button>
        </Group>
      </Group>
      {items?.length === 0 && (
        <Text c="dimmed">
          {t.rich("board.noTypes", { link: (chunks) => <Link href="/project_type/new">{chunks}</Link> })}
        </Text>
      )}
      {(error || typeError) && <LoadFailure text={t("board.loadFailed")} error={typeError ?? error} />}
      {capped && <Text size="sm" c="dimmed">{t("board.capped", { count: BOARD_CAP })}</Text>}
      {loadingMore && (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {t("board.loadingMore")}
          </Text>
        </Group>
      )}
      {typeId && !error && !typeError && (!type || !projects) && (
        <Center py="xl">
          <Loader aria-label={t("common.loading")} />
        </Center>
      )}
      {type && projects && <BoardColumns statuses={type.statuses} projects={projects} onMove={move} />}
      {asked.shown && <BoardDropDialog key={`${asked.opening}:${asked.shown.project.id}`} question={asked.shown} opened={asked.opened} />}
    </>
  );
}
