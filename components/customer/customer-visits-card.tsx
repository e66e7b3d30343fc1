"use client";
import { Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { NOT_CANCELLED } from "@/components/visit/visit-item";
import { VisitRows } from "@/components/visit/visit-rows";
import { useVisits } from "@/components/visit/use-visits";
import { RecordCard } from "./record-card";

const SHOWN = 5;
/** How far back the card looks for past visits. */
const PAST_DAYS = 365;

/**
 * The customer's visits: the next ones first to last, then the latest past ones
 * newest first (cancelled ones left out), each with its project and status.
 */
export function CustomerVisitsCard({ customerId }: { customerId: string }) {
  const t = useTranslations();
  // One instant per card shown: the split between upcoming and past does not move while it is open.
  const now = useMemo(() => new Date(), []);
  const since = useMemo(() => new Date(now.getTime() - PAST_DAYS * 86_400_000), [now]);
  const status = NOT_CANCELLED;
  const quiet = { shouldRetryOnError: false };
  const upcoming = useVisits({ customer: customerId, from: now.toISOString(), status, limit: SHOWN }, quiet);
  const past = useVisits({ customer: customerId, from: since.toISOString(), to: now.toISOString(), status, limit: 1000 }, quiet);
  // A visit under way overlaps now: it is upcoming, not past.
  const next = upcoming.data?.items ?? [];
  const before = (past.data?.items ?? []).filter((visit) => !next.some((one) => one.id === visit.id)).reverse().slice(0, SHOWN);
  const loaded = upcoming.data && past.data;
  return (
    <RecordCard
      title={t("visits.title")}
      loadingLabel={t("visits.loading")}
      loading={upcoming.isLoading || past.isLoading}
      error={upcoming.error ?? past.error}
      onRetry={() => void Promise.all([upcoming.mutate(), past.mutate()])}
      empty={loaded && next.length === 0 && before.length === 0 ? t("visits.emptyCustomer") : null}
    >
      <Stack gap="sm">
        {([["visits.upcoming", next], ["visits.past", before]] as const).map(
          ([heading, visits]) =>
            visits.length > 0 && (
              <Stack gap={4} key={heading}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t(heading)}
                </Text>
                <VisitRows visits={visits} show="project" />
              </Stack>
            ),
        )}
      </Stack>
    </RecordCard>
  );
}
