"use client";
import { useTranslations } from "next-intl";
import { Anchor, Card, Grid, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconMail, IconMessages, IconPhone } from "@tabler/icons-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { UnreadBadge } from "@/components/conversation/conversation-cells";
import type { ConversationItem } from "@/components/conversation/conversation-item";
import type { CustomerItem } from "@/components/customer/customer-item";
import { PhoneLink } from "@/components/detail/phone-text";
import { useDetail } from "@/components/detail/detail-context";
import { RelativeTime } from "@/components/detail/relative-time";
import { lazyComponent } from "@/lib/client/lazy-component";
import { useApi } from "@/lib/client/use-api";
import type { ProjectItem } from "./project-item";

// Fetched after the page: the site's address, map link and access notes.
const ProjectSite = lazyComponent(() => import("./project-site").then((module) => module.ProjectSite));

/** The project's details beside its customer's card (the card first on phones), when it has a customer. */
export function ProjectDetailsWithCustomer({ children }: { children: ReactNode }) {
  const { item: project } = useDetail<ProjectItem>();
  if (!project.customer) return children;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        {children}
      </Grid.Col>
      {/* On a phone the customer's phone and email come first: they are what one reaches for on site. */}
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <ProjectCustomerCard customerId={project.customer} siteId={project.site} />
      </Grid.Col>
    </Grid>
  );
}

/** Who the project is for: name (to the customer's record), phone and email links, the site of the work, and the latest conversation with them. */
export function ProjectCustomerCard({ customerId, siteId }: { customerId: string; siteId: string | null }) {
  const t = useTranslations();
  const { data: customer, error } = useApi<CustomerItem>(`/customer/${customerId}`, undefined, { shouldRetryOnError: false });
  const { data: latest } = useApi<{ items: ConversationItem[] }>(customer ? "/conversation" : null, { customer: [customerId], sort: "updated:desc", limit: 1 });
  const conversation = latest?.items[0];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="project-customer-card">
      <Stack gap="xs">
        <Title order={3} size="h5" id="project-customer-card">
          {t("project.customerCard.title")}
        </Title>
        {error ? (
          <Text size="sm" c="dimmed">
            {t("project.customerCard.unavailable")}
          </Text>
        ) : !customer ? (
          <Stack gap={6} aria-busy>
            <Skeleton height={16} width="60%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        ) : (
          <>
            <Anchor component={Link} href={`/customer/${customer.id}`} fw={600} style={{ overflowWrap: "anywhere" }}>
              {customer.name}
            </Anchor>
            {customer.phone && (
              <Group gap={6} wrap="nowrap">
                <IconPhone size={16} aria-hidden />
                <PhoneLink phone={customer.phone} size="sm" />
              </Group>
            )}
            {customer.email && (
              <Group gap={6} wrap="nowrap">
                <IconMail size={16} aria-hidden />
                <Anchor href={`mailto:${customer.email}`} size="sm" style={{ overflowWrap: "anywhere" }}>
                  {customer.email}
                </Anchor>
              </Group>
            )}
            {!customer.phone && !customer.email && (
              <Text size="sm" c="dimmed">
                {t("project.customerCard.noContact")}
              </Text>
            )}
            {siteId && <ProjectSite customerId={customerId} siteId={siteId} />}
            {conversation && (
              <Stack gap={2} mt={4}>
                <Text size="xs" c="dimmed">
                  {t("project.customerCard.latestConversation")}
                </Text>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconMessages size={16} aria-hidden style={{ flexShrink: 0 }} />
                    <Anchor component={Link} href={`/conversation/${conversation.id}`} size="sm" truncate="end" title={conversation.title}>
                      {conversation.reference} · {conversation.title}
                    </Anchor>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    <UnreadBadge unread={conversation.unread} />
                    {conversation.last_message && <RelativeTime date={conversation.last_message} size="xs" />}
                  </Group>
                </Group>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

