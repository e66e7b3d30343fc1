"use client";
import { Anchor, Button, Card, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { IconCar, IconCheck, IconKey, IconMapPin, IconPlayerPlay, IconUser } from "@tabler/icons-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { CustomerItem } from "@/components/customer/customer-item";
import { addressLines, mapUrl, siteName, type ContactItem, type SiteItem } from "@/components/customer/site-item";
import { useUserAgent } from "@/components/customer/use-user-agent";
import { PhoneButtons } from "@/components/visit/phone-buttons";
import type { VisitItem } from "@/components/visit/visit-item";
import { VisitStatusBadge } from "@/components/visit/visit-status-badge";
import { VisitTime } from "@/components/visit/visit-time";
import { useApi } from "@/lib/client/use-api";
import type { VisitStatus } from "@/lib/schemas/visit-status";
import { NEXT_STEPS, STEPS } from "./visit-steps";

const STEP_ICONS = { on_the_way: IconCar, in_progress: IconPlayerPlay, completed: IconCheck } as const;

/** Where to go and whom to call: the site's address (a link into the device's map app), how to get in, the customer's or the site contact's number. */
function VisitPlace({ visit }: { visit: VisitItem }) {
  const t = useTranslations();
  const locale = useLocale();
  const agent = useUserAgent();
  const quiet = { shouldRetryOnError: false, revalidateOnFocus: false };
  const site = useApi<SiteItem>(visit.customer && visit.site ? `/customer/${visit.customer}/site/${visit.site}` : null, undefined, quiet).data;
  const customer = useApi<CustomerItem>(visit.customer ? `/customer/${visit.customer}` : null, undefined, quiet).data;
  const contact = useApi<ContactItem>(visit.customer && site?.contact ? `/customer/${visit.customer}/contact/${site.contact}` : null, undefined, quiet).data;
  const lines = site ? addressLines(site, locale) : [];
  const phone = contact?.phone ?? customer?.phone ?? null;
  return (
    <Stack gap={6}>
      {lines.length > 0 && (
        <Anchor
          href={mapUrl(lines, agent)}
          target={mapUrl(lines, agent).startsWith("https:") ? "_blank" : undefined}
          rel="noopener noreferrer"
          size="sm"
          aria-label={t("myDay.mapLabel", { address: lines.join(", ") })}
        >
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={18} style={{ flexShrink: 0, marginTop: 1 }} />
            <span>
              {site && siteName(site) !== lines[0] && siteName(site) ? `${siteName(site)}: ` : ""}
              {lines.join(", ")}
            </span>
          </Group>
        </Anchor>
      )}
      {site?.access_notes && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconKey size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-label={t("myDay.access")} />
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {site.access_notes}
          </Text>
        </Group>
      )}
      {contact && (
        <Group gap={6} wrap="nowrap">
          <IconUser size={16} style={{ flexShrink: 0 }} />
          <Text size="sm">{t("myDay.askFor", { name: contact.name })}</Text>
        </Group>
      )}
      {phone && (
        <PhoneButtons phone={phone} />
      )}
    </Stack>
  );
}

/** The arrival times a technician on the way may give the customer, in minutes. */
const ETA_CHOICES = [10, 15, 20, 30, 45, 60, 90];

type Props = { visit: VisitItem; busy: boolean; onStep: (visit: VisitItem, status: VisitStatus, etaMinutes?: number) => void };

/** One visit of the day, as a technician works through it on a phone. */
export function VisitCard({ visit, busy, onStep }: Props) {
  const t = useTranslations();
  const steps = NEXT_STEPS[visit.status];
  // Optional: the customer's "on my way" text says when to expect them.
  const [eta, setEta] = useState("");
  return (
    <Card withBorder padding="md" radius="md" component="article" data-testid="day-visit" aria-label={visit.project_title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <VisitTime visit={visit} />
          <VisitStatusBadge status={visit.status} />
        </Group>
        <div>
          <Anchor component={Link} href={`/project/${visit.project}/visits`} fw={600} style={{ overflowWrap: "anywhere" }}>
            {visit.project_title}
          </Anchor>
          {visit.customer && visit.customer_name && (
            <Text size="sm">
              <Anchor component={Link} href={`/customer/${visit.customer}`} c="inherit">
                {visit.customer_name}
              </Anchor>
            </Text>
          )}
        </div>
        <VisitPlace visit={visit} />
        {visit.instructions && (
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {visit.instructions}
          </Text>
        )}
        {steps.includes("on_the_way") && (
          <NativeSelect
            size="sm"
            label={t("myDay.eta.label")}
            value={eta}
            onChange={(event) => setEta(event.currentTarget.value)}
            data={[{ value: "", label: t("myDay.eta.none") }, ...ETA_CHOICES.map((minutes) => ({ value: String(minutes), label: t("myDay.eta.minutes", { minutes }) }))]}
          />
        )}
        {steps.length > 0 && (
          <Group gap="xs" grow>
            {steps.map((status, index) => {
              const StepIcon = STEP_ICONS[status as keyof typeof STEP_ICONS];
              return (
                <Button
                  key={status}
                  size="md"
                  variant={index === 0 ? "filled" : "default"}
                  color={status === "completed" ? "green" : undefined}
                  leftSection={StepIcon ? <StepIcon size={18} /> : undefined}
                  px="xs"
                  disabled={busy}
                  onClick={() => onStep(visit, status, status === "on_the_way" && eta ? Number(eta) : undefined)}
                >
                  {t(STEPS[status]!.label)}
                </Button>
              );
            })}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
