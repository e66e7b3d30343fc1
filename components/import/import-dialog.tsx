"use client";
import { Button, Checkbox, Group, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { useLabel } from "@/components/shell/use-label";
import { FileMappingField } from "@/components/file-mapping/file-mapping-field";
import type { FileMappingValue } from "@/components/file-mapping/file-mapping-value";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useSubmit } from "@/lib/client/use-submit";
import { importCounts } from "@/lib/import/import-summary";
import type { ImportReport } from "@/lib/import/row-errors";
import { DiscardMappingDialog } from "./discard-mapping-dialog";
import type { ImportConfig } from "./import-config";
import { ImportReportView } from "./import-report-view";
import { RepeatedValuesNotice } from "./repeated-values-notice";
import { sendImport } from "./send-import";

/** More actions → Import: the file mapping control with the entity's fields, a check without writing, and the import. */
export function ImportDialog({ config, opened, onClose }: { config: ImportConfig; opened: boolean; onClose: () => void }) {
  const t = useTranslations();
  const configLabel = useLabel();
  const narrow = useMediaQuery("(max-width: 48em)");
  const formRef = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState<FileMappingValue | null>(null);
  const [match, setMatch] = useState(false);
  const [mappingOpen, setMappingOpen] = useState(false);
  const { busy, submit: run } = useSubmit();
  // Which of the two buttons is at work.
  const [action, setAction] = useState<"check" | "import">("import");
  const sending = busy ? action : null;
  const [result, setResult] = useState<{ report: ImportReport; skipInvalid: boolean } | null>(null);
  // Once a file's rows are in, the same file must not go in twice by a second click.
  const [imported, setImported] = useState(false);
  const [asking, setAsking] = useState(false);
  // Closing drops the file and its mapping; once imported there is nothing left to lose.
  const mapped = value !== null && Object.keys(value.mappings).length > 0 && !imported;

  function close() {
    if (mapped) setAsking(true);
    else onClose();
  }

  function change(next: FileMappingValue | null) {
    setValue(next);
    setResult(null);
    setImported(false);
  }

  async function send(dryRun: boolean) {
    if (!value) return;
    setAction(dryRun ? "check" : "import");
    await run(async () => {
      const report = await sendImport(config, value, { dryRun, match });
      setResult({ report, skipInvalid: value.skipInvalid });
      if (dryRun || (report.skipped.length > 0 && !value.skipInvalid)) return;
      setImported(true);
      if (report.created + report.updated + report.unchanged > 0) {
        toast("success", t("import.dialog.imported", { entity: config.nouns.one }), importCounts(t, report, config.nouns));
      }
      if (report.created + report.updated > 0) void invalidate(config.list);
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(false);
  }

  function check() {
    if (formRef.current?.reportValidity()) void send(true);
  }

  return (
    <>
      <Dialog
        opened={opened}
        onClose={close}
        title={t("import.dialog.title", { entity: config.nouns.one })}
        size="xl"
        fullScreen={narrow}
        closeOnEscape={!mappingOpen && !asking}
        closeButtonProps={{ "aria-label": t("common.close") }}
      >
        <form ref={formRef} onSubmit={submit}>
          <Stack gap="md">
            <FileMappingField label={t("import.dialog.file")} fields={config.fields} value={value} onChange={change} required onDialogChange={setMappingOpen} />
            {config.matchBy && (
              <Checkbox
                label={configLabel(config.matchBy.label)}
                description={t("import.dialog.matchDescription")}
                checked={match}
                onChange={(event) => {
                  setMatch(event.currentTarget.checked);
                  setResult(null);
                  setImported(false);
                }}
              />
            )}
            <RepeatedValuesNotice config={config} value={value} match={match} />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={check} loading={sending === "check"} disabled={sending !== null}>
                {t("import.dialog.check")}
              </Button>
              <Button type="submit" loading={sending === "import"} disabled={sending !== null || imported}>
                {imported ? t("import.dialog.done") : t("import.dialog.import")}
              </Button>
            </Group>
            {result && <ImportReportView report={result.report} nouns={config.nouns} skipInvalid={result.skipInvalid} />}
          </Stack>
        </form>
      </Dialog>
      <DiscardMappingDialog opened={asking} onKeep={() => setAsking(false)} onDiscard={onClose} />
    </>
  );
}
