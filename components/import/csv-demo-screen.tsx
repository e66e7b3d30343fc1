"use client";
import { Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { FileMappingField } from "@/components/file-mapping/file-mapping-field";
import type { FileMappingValue } from "@/components/file-mapping/file-mapping-value";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { checkSheet, type SheetCheck } from "@/lib/import/check-sheet";
import type { Words } from "@/lib/i18n/words";
import { articleFields } from "./article-fields";
import { ImportErrorsTable } from "./import-errors-table";

/** /csv: the file mapping control on its own. Submit checks the whole file in the browser and makes no call. */
export function CsvDemoScreen() {
  const t = useTranslations();
  const fields = useMemo(() => articleFields((key) => t(key)), [t]);
  const [value, setValue] = useState<FileMappingValue | null>(null);
  const [result, setResult] = useState<SheetCheck | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) return;
    console.log("Import value", { file: value.file, mappings: value.mappings, skipInvalid: value.skipInvalid });
    setResult(checkSheet(value.sheet, fields, value.mappings, t as Words));
  }

  function change(next: FileMappingValue | null) {
    setValue(next);
    setResult(null);
  }

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <PageCrumbs items={[{ label: t("import.demo.crumb") }]} />
        <Title order={2}>{t("import.demo.title")}</Title>
        <form onSubmit={submit}>
          <Stack gap="md" maw={640}>
            <FileMappingField label={t("import.demo.articles")} fields={fields} value={value} onChange={change} required name="articles" />
            <Group>
              <Button type="submit">{t("import.demo.submit")}</Button>
            </Group>
          </Stack>
        </form>
        {result && <CheckResult result={result} skipInvalid={value?.skipInvalid ?? false} />}
      </Stack>
    </Container>
  );
}

function CheckResult({ result, skipInvalid }: { result: SheetCheck; skipInvalid: boolean }) {
  const t = useTranslations();
  const invalid = result.rows - result.valid;
  return (
    <Paper withBorder p="md" aria-label={t("import.demo.result")} role="region">
      <Stack gap="sm">
        <Group gap="xl">
          <Text>{t.rich("import.demo.read", { count: result.rows, b: (chunks) => <b>{chunks}</b> })}</Text>
          <Text>{t.rich("import.demo.valid", { count: result.valid, b: (chunks) => <b>{chunks}</b> })}</Text>
        </Group>
        <Text size="sm" c={invalid === 0 ? "green" : skipInvalid ? "dimmed" : "red"}>
          {invalid === 0
            ? t("import.demo.allValid")
            : skipInvalid
              ? t("import.demo.wouldSkip", { count: invalid })
              : t("import.demo.invalid", { count: invalid })}
        </Text>
        <ImportErrorsTable problems={result.invalid} />
      </Stack>
    </Paper>
  );
}
