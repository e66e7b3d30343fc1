"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { autoMap } from "@/lib/import/auto-map";
import type { ImportField } from "@/lib/import/fields";
import { importKind, fileExtension } from "@/lib/import/file-kind";
import { ImportFileError } from "@/lib/import/sheet";
import { toast } from "@/lib/client/toast";
import type { FileMappingValue } from "./file-mapping-value";

/**
 * Reads a chosen file in the browser (no call): a wrong extension or an unreadable
 * file shows an error toast and leaves no file; a good one comes back with the
 * columns whose header names a field already mapped (see autoMap).
 */
export function useFileChoice(fields: readonly ImportField[]) {
  const t = useTranslations();
  const [reading, setReading] = useState(false);

  async function read(file: File): Promise<FileMappingValue | null> {
    if (!importKind(file.name)) {
      toast("error", t("import.file.invalidType", { extension: fileExtension(file.name) }));
      return null;
    }
    setReading(true);
    try {
      // The parsers (papaparse, read-excel-file) load only when a file is chosen, not with every list.
      const { parseImportFile } = await import("@/lib/import/parse-file");
      const sheet = await parseImportFile(file.name, new Uint8Array(await file.arrayBuffer()));
      return { file, sheet, mappings: autoMap(fields, sheet.columns), skipInvalid: false };
    } catch (error) {
      if (error instanceof ImportFileError) toast("error", t(error.message as never, error.values as never));
      else toast("error", t("import.file.failedTitle"), t("import.file.failedText"));
      return null;
    } finally {
      setReading(false);
    }
  }

  return { reading, read };
}
