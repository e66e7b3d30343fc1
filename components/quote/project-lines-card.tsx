"use client";
import { Divider, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { RecordCard } from "@/components/customer/record-card";
import { MoneyText } from "@/components/money/money-text";
import { useQuantityWithUnit } from "@/components/price-item/quantity-with-unit";
import { useApi } from "@/lib/client/use-api";

type AgreedLine = { id: string; name: string; description: string | null; quantity: number; unit: string; unit_price: number; net: number };
type ProjectLines = {
  sections: { id: string; title: string; net: number; lines: AgreedLine[] }[];
  totals: { net: number; tax: number; gross: number };
};

/** What the customer approved for the project: the lines of the chosen option, by section, with the totals. */
export function ProjectLinesCard({ projectId }: { projectId: string }) {
  const t = useTranslations();
  const amountOf = useQuantityWithUnit();
  const { data, error, isLoading, mutate } = useApi<ProjectLines>(`/project/${projectId}/lines`, undefined, { shouldRetryOnError: false });
  const empty = data && data.sections.length === 0;
  return (
    <RecordCard
      title={t("quote.agreed.title")}
      loadingLabel={t("quote.agreed.loading")}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      empty={empty ? t("quote.agreed.empty") : null}
    >
      {data && !empty && (
        <Stack gap="xs" data-testid="project-lines">
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("quote.agreed.line")}</Table.Th>
                  <Table.Th ta="right">{t("quote.agreed.quantity")}</Table.Th>
                  <Table.Th ta="right">{t("quote.agreed.amount")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sections.flatMap((section) => [
                  ...(section.title
                    ? [
                        <Table.Tr key={`${section.id}-title`}>
                          <Table.Td colSpan={3} fw={600}>
                            {section.title}
                          </Table.Td>
                        </Table.Tr>,
                      ]
                    : []),
                  ...section.lines.map((line) => (
                    <Table.Tr key={line.id}>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>
                        {line.name}
                        {line.description && (
                          <Text size="xs" c="dimmed">
                            {line.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                        {amountOf(line.quantity, line.unit)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                        <MoneyText amount={line.net} />
                      </Table.Td>
                    </Table.Tr>
                  )),
                ])}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Divider />
          <Group justify="space-between">
            <Text size="sm">{t("quote.totals.net")}</Text>
            <Text size="sm">
              <MoneyText amount={data.totals.net} />
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" fw={700}>
              {t("quote.totals.gross")}
            </Text>
            <Text size="sm" fw={700} data-testid="project-lines-gross">
              <MoneyText amount={data.totals.gross} />
            </Text>
          </Group>
        </Stack>
      )}
    </RecordCard>
  );
}
