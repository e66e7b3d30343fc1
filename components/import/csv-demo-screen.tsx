"use client";
import { Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FileMappingField } from "@/components/file-mapping/file-mapping-field";
import type { FileMappingValue } from "@/components/file-mapping/file-mapping-value";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { checkSheet, type SheetCheck } from "@/lib/import/check-sheet";
import { counted } from "@/lib/import/import-summary";
import { ARTICLE_FIELDS } from "./article-fields";
import { ImportErrorsTable } from "./import-errors-table";

/** /csv: the file mapping control on its own. Submit checks the whole file in the browser and makes no call. */
export function CsvDemoScreen() {
  const [value, setValue] = useState<FileMappingValue | null>(null);
  const [result, setResult] = useState<SheetCheck | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) return;
    console.log("Import value", { file: value.file, mappings: value.mappings, skipInvalid: value.skipInvalid });
    setResult(checkSheet(value.sheet, ARTICLE_FIELDS, value.mappings));
  }

  function change(next: FileMappingValue | null) {
    setValue(next);
    setResult(null);
  }

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <PageCrumbs items={[{ label: "Csv example" }]} />
        <Title order={2}>Upload file</Title>
        <form onSubmit={submit}>
          <Stack gap="md" maw={640}>
            <FileMappingField label="Articles" fields={ARTICLE_FIELDS} value={value} onChange={change} required name="articles" />
            <Group>
              <Button type="submit">Submit</Button>
            </Group>
          </Stack>
        </form>
        {result && <CheckResult result={result} skipInvalid={value?.skipInvalid ?? false} />}
      </Stack>
    </Container>
  );
}

function CheckResult({ result, skipInvalid }: { result: SheetCheck; skipInvalid: boolean }) {
  const invalid = result.rows - result.valid;
  return (
    <Paper withBorder p="md" aria-label="Check result" role="region">
      <Stack gap="sm">
        <Group gap="xl">
          <Text>
            Rows read: <b>{result.rows.toLocaleString("en-US")}</b>
          </Text>
          <Text>
            Rows valid: <b>{result.valid.toLocaleString("en-US")}</b>
          </Text>
        </Group>
        <Text size="sm" c={invalid === 0 ? "green" : skipInvalid ? "dimmed" : "red"}>
          {invalid === 0
            ? "Every row is valid."
            : skipInvalid
              ? `${counted(invalid, "row", "rows")} would be skipped.`
              : `${counted(invalid, "row is", "rows are")} invalid: nothing would be imported without Skip invalid rows.`}
        </Text>
        <ImportErrorsTable problems={result.invalid} />
      </Stack>
    </Paper>
  );
}
