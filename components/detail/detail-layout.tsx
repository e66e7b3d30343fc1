"use client";
import { ActionIcon, Badge, Center, Container, Group, Loader, Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import Link from "next/link";
import { useParams, usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { STATUS_KEYS, useLabel } from "@/components/shell/use-label";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { PageTitle } from "@/components/shell/page-title";
import { ApiRequestError } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import { useSession } from "@/lib/client/use-session";
import type { DetailConfig } from "./detail-config";
import { DetailContext } from "./detail-context";
import { DetailTabs } from "./detail-tabs";
import classes from "./detail-layout.module.css";
import { itemLevel } from "./item-level";
import { LoadFailed } from "./load-failed";

type Props<Item> = {
  config: DetailConfig<Item>;
  children: ReactNode;
  /** The item, when the route does not name it (the session's organization or member). */
  id?: string;
  /** The screen's path when it is not /{type}/{id}. */
  base?: string;
};

/** The one detail screen: loads the item once for all its tabs (Next keeps the layout across tab routes). */
export function DetailLayout<Item>({ config, children, ...props }: Props<Item>) {
  const params = useParams<{ id: string }>();
  const id = props.id ?? params.id;
  const pathname = usePathname();
  const base = props.base ?? `/${config.type}/${id}`;
  const { data, error, mutate } = useApi<Item>(`/${config.type}/${id}`, undefined, { shouldRetryOnError: false });
  const { data: session } = useSession();
  const t = useTranslations();
  const label = useLabel();
  const section = label(config.section);
  const list = config.list === undefined ? `/${config.type}` : config.list;

  if (error) {
    // A 404 is also what an item of another location that is not shared here answers (ARCHITECTURE.md §3).
    const missing = error instanceof ApiRequestError && error.status === 404;
    const reason = missing ? (session?.location ? t("detail.notFoundHere") : t("detail.notFound")) : undefined;
    return <LoadFailed backHref={list ?? "/"} backLabel={list ? t("detail.backTo", { section }) : t("detail.backHome")} reason={reason} />;
  }
  if (data === undefined) {
    return (
      <Center py={80}>
        <PageTitle parts={[section]} />
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }

  const title = label(config.title(data));
  const status = config.status?.(data);
  const active = pathname.slice(base.length).replace(/^\//, "");
  const replace = (item: unknown) => void mutate(item as Item, { revalidate: false });
  const level = session ? itemLevel(config, data, session) : "edit";
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <PageCrumbs items={list ? [{ label: config.section, href: list }, { label: title }] : [{ label: title }]} />
        <Group gap="sm" wrap="nowrap" className={config.stickyHeader ? classes.stickyHeader : undefined}>
          {list && (
            <ActionIcon component={Link} href={list} variant="subtle" color="gray" aria-label={t("detail.backTo", { section })}>
              <IconArrowLeft size={20} />
            </ActionIcon>
          )}
          <Title order={2} className={classes.title} title={config.stickyHeader ? title : undefined} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          {status && status !== "active" && (
            <Badge color="gray" variant="light">
              {STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : status}
            </Badge>
          )}
          {config.aside?.(data)}
        </Group>
        <DetailTabs tabs={config.tabs} base={base} active={active} />
        <DetailContext.Provider value={{ item: data, replace, level }}>{children}</DetailContext.Provider>
      </Stack>
    </Container>
  );
}
