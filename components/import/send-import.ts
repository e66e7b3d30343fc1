import type { FileMappingValue } from "@/components/file-mapping/file-mapping-value";
import { api, ApiRequestError } from "@/lib/client/api";
import type { ImportReport } from "@/lib/import/row-errors";
import type { ImportConfig } from "./import-config";

/**
 * POSTs the chosen file and its mappings; the server parses the file again and answers with a report.
 * A refused import (rows at fault, nothing imported) is a 422 whose body carries the report: it is shown the same way.
 */
export async function sendImport(config: ImportConfig, value: FileMappingValue, options: { dryRun: boolean; match: boolean }) {
  const values = {
    file: value.file,
    mappings: value.mappings,
    skipInvalid: value.skipInvalid,
    dryRun: options.dryRun,
    matchBy: config.matchBy && options.match ? config.matchBy.field : undefined,
  };
  try {
    return await api.upload<ImportReport>(config.path, values);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 422 && Array.isArray((error.body as Partial<ImportReport>).skipped)) {
      return error.body as unknown as ImportReport;
    }
    throw error;
  }
}
