"use client";
import { Alert, Button, Card, Code, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { api, ApiRequestError } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import { holds, useSession } from "@/lib/client/use-session";

const SERIES = ["quote", "invoice", "credit_note"] as const;
type Series = (typeof SERIES)[number];
type Formats = Record<Series, string>;
const LABELS = { quote: "documentNumbers.series.quote", invoice: "documentNumbers.series.invoice", credit_note: "documentNumbers.series.credit_note" } as const;

/**
 * Organization → Business details: how quote, invoice and credit note numbers are written
 * (`Q-{YYYY}-{0000}`). Admins change them; the next number taken follows.
 */
export function DocumentNumbersCard({ organizationId }: { organizationId: string }) {
  const t = useTranslations();
  const { data: session } = useSession();
  const admin = session ? holds(session, "admin") : false;
  const path = `/organization/${organizationId}/document_numbers`;
  const { data, error, mutate } = useApi<Formats>(path, undefined, { shouldRetryOnError: false });
  const [values, setValues] = useState<Formats | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Series, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (data && values === null) setValues(data);
  }, [data, values]);

  const changed = data && values ? SERIES.some((series) => values[series] !== data[series]) : false;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values || !data) return;
    setSaving(true);
    setErrors({});
    setFailure(null);
    setSaved(false);
    try {
      const body = Object.fromEntries(SERIES.filter((series) => values[series] !== data[series]).map((series) => [series, values[series].trim()]));
      const next = await api.patch<Formats>(path, body);
      await mutate(next, { revalidate: false });
      setValues(next);
      setSaved(true);
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.body.errors?.length) {
        setErrors(Object.fromEntries(caught.body.errors.map((problem) => [problem.path, problem.message])));
      } else {
        setFailure(caught instanceof Error ? caught.message : String(caught));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="document-numbers-title" maw={760}>
      <form onSubmit={save}>
        <Stack gap="sm">
          <Title order={3} size="h5" id="document-numbers-title">
            {t("documentNumbers.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t.rich("documentNumbers.help", { code: (chunks) => <Code>{chunks}</Code> })}
          </Text>
          {error && <Alert color="red">{t("documentNumbers.loadFailed")}</Alert>}
          {values && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {SERIES.map((series) => (
                <TextInput
                  key={series}
                  label={t(LABELS[series])}
                  value={values[series]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((current) => (current ? { ...current, [series]: value } : current));
                    setSaved(false);
                  }}
                  error={errors[series]}
                  readOnly={!admin}
                  maxLength={40}
                  styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
                />
              ))}
            </SimpleGrid>
          )}
          {failure && <Alert color="red">{failure}</Alert>}
          {admin && (
            <Group gap="sm">
              <Button type="submit" size="sm" loading={saving} disabled={!changed}>
                {t("documentNumbers.save")}
              </Button>
              {saved && (
                <Text size="sm" c="green.8" role="status">
                  {t("documentNumbers.saved")}
                </Text>
              )}
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
