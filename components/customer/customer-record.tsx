"use client";
import { Grid, Stack } from "@mantine/core";
import { useEffect, useRef } from "react";
import type { ConversationItem } from "@/components/conversation/conversation-item";
import { useDetail } from "@/components/detail/detail-context";
import { DetailsTab } from "@/components/form/details-tab";
import { useApi } from "@/lib/client/use-api";
import { holds, useSession } from "@/lib/client/use-session";
import { conversationsChanged } from "@/lib/client/use-unread-conversations";
import { CustomerActivityCard } from "./customer-activity-card";
import { useCustomerActivity } from "./customer-activity-data";
import { CustomerContactsCard } from "./customer-contacts-card";
import { CustomerSitesCard } from "./customer-sites-card";
import { PARTS_QUERY, type ContactItem, type SiteItem } from "./site-item";
import { CustomerConversationsCard, customerConversationsQuery } from "./customer-conversations-card";
import { CustomerFilesCard } from "./customer-files-card";
import { customerForm } from "./customer-form";
import type { CustomerItem } from "./customer-item";
import type { ProjectItem } from "@/components/project/project-item";
import { CustomerProjectsCard, customerProjectsQuery } from "./customer-projects-card";
import { CustomerVisitsCard } from "./customer-visits-card";
import { CustomerQuotesCard } from "@/components/quote/customer-quotes-card";

// Fetched with the record rather than with the screen's first script: the invoices' card waits for its own data anyway.
const CustomerInvoicesCard = lazyComponent(() => import("@/components/invoice/customer-invoices-card").then((module) => module.CustomerInvoicesCard));
import { lazyComponent } from "@/lib/client/lazy-component";

/**
 * The customer as a record: the details form beside (below on phones) the cards
 * of what belongs to it. The activity loads again whenever what it is made of
 * changes: the customer (a save), its conversations (a message sent here, one
 * that came in), its projects (one made or changed elsewhere) or its sites and
 * contacts. A screen kept by the router and shown again sees those lists
 * refresh, not a first load.
 */
export function CustomerRecord() {
  const { item: customer, level } = useDetail<CustomerItem>();
  const { data: session } = useSession();
  // Sites and contacts change with the customer: edit access to it and customers_manage.
  const editable = level === "edit" && Boolean(session && holds(session, "customers_manage"));
  const activity = useCustomerActivity(customer.id);
  const { data: conversations } = useApi<{ items: ConversationItem[] }>("/conversation", customerConversationsQuery(customer.id));
  const { data: projects } = useApi<{ items: ProjectItem[] }>("/project", customerProjectsQuery(customer.id));
  // The same answers the Sites and Contacts cards read: a site or contact saved there is news for the activity too.
  const { data: sites } = useApi<{ items: SiteItem[] }>(`/customer/${customer.id}/site`, PARTS_QUERY, { shouldRetryOnError: false });
  const { data: contacts } = useApi<{ items: ContactItem[] }>(`/customer/${customer.id}/contact`, PARTS_QUERY, { shouldRetryOnError: false });
  const seen =
    conversations && projects && sites && contacts
      ? [
          customer.updated,
          ...conversations.items.map((item) => `${item.id}:${item.unread}:${item.last_message}:${item.status}`),
          ...projects.items.map((item) => `${item.id}:${item.updated}`),
          ...[...sites.items, ...contacts.items].map((item) => `${item.id}:${item.updated}`),
        ].join(",")
      : undefined;
  const last = useRef<string | undefined>(undefined);
  const reload = activity.mutate;
  useEffect(() => {
    if (seen === undefined) return;
    if (last.current !== undefined && last.current !== seen) void reload();
    last.current = seen;
  }, [seen, reload]);
  const retry = () => void reload();

  return (
    <Grid gap="lg">
      {/* On phones the cards come first: what is going on with the customer, then the long form. */}
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        <DetailsTab config={customerForm} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <Stack gap="md">
          <CustomerProjectsCard customerId={customer.id} />
          <CustomerQuotesCard customerId={customer.id} />
          <CustomerInvoicesCard customerId={customer.id} />
          <CustomerVisitsCard customerId={customer.id} />
          <CustomerSitesCard customerId={customer.id} editable={editable} />
          <CustomerContactsCard customer={customer} editable={editable} />
          <CustomerConversationsCard customer={customer} onSent={() => void Promise.all([conversationsChanged(), reload()])} />
          <CustomerFilesCard files={activity.data?.files} error={activity.error} onRetry={retry} />
          <CustomerActivityCard customerName={customer.name} items={activity.data?.items} error={activity.error} onRetry={retry} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
