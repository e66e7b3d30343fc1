import type { FileMappingValue } from "@/components/file-mapping/file-mapping-value";
import { api } from "@/lib/client/api";
import type { ImportReport } from "@/lib/import/row-errors";
import type { ImportConfig } from "./import-config";

/** POSTs the chosen file and its mappings; the server parses the file again and answers with a report. */
export function sendImport(config: ImportConfig, value: FileMappingValue, options: { dryRun: boolean; match: boolean }) {
  const form = new FormData();
  form.set("file", value.file);
  form.set("mappings", JSON.stringify(value.mappings));
  form.set("skipInvalid", String(value.skipInvalid));
  form.set("dryRun", String(options.dryRun));
  if (config.matchBy && options.match) form.set("matchBy", config.matchBy.field);
  return api.upload<ImportReport>(config.path, form);
}
