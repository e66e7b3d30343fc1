"use client";
import { ActionIcon, Badge, Center, Container, Group, Loader, Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import Link from "next/link";
import { useParams, usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { useApi } from "@/lib/client/use-api";
import type { DetailConfig } from "./detail-config";
import { DetailContext } from "./detail-context";
import { DetailTabs } from "./detail-tabs";
import { LoadFailed } from "./load-failed";

/** The one detail screen: loads the item once for all its tabs (Next keeps the layout across tab routes). */
export function DetailLayout<Item>({ config, children }: { config: DetailConfig<Item>; children: ReactNode }) {
  const { id } = useParams<{ id: string }>();
  const pathname = usePathname();
  const base = `/${config.type}/${id}`;
  const { data, error, mutate } = useApi<Item>(base, undefined, { shouldRetryOnError: false });
  const list = `/${config.type}`;

  if (error) return <LoadFailed backHref={list} backLabel={`Back to ${config.section}`} />;
  if (data === undefined) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }

  const title = config.title(data);
  const status = config.status?.(data);
  const active = pathname.slice(base.length).replace(/^\//, "");
  const replace = (item: unknown) => void mutate(item as Item, { revalidate: false });
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <PageCrumbs items={[{ label: config.section, href: list }, { label: title }]} />
        <Group gap="sm" wrap="nowrap">
          <ActionIcon component={Link} href={list} variant="subtle" color="gray" aria-label={`Back to ${config.section}`}>
            <IconArrowLeft size={20} />
          </ActionIcon>
          <Title order={2} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          {status && status !== "active" && (
            <Badge color="gray" variant="light">
              {status}
            </Badge>
          )}
          {config.aside?.(data)}
        </Group>
        <DetailTabs tabs={config.tabs} base={base} active={active} />
        <DetailContext.Provider value={{ item: data, replace }}>{children}</DetailContext.Provider>
      </Stack>
    </Container>
  );
}
