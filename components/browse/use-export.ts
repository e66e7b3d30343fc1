"use client";
import { api, type Query } from "@/lib/client/api";
import { downloadCsv, toCsv } from "@/lib/client/csv";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { useSubmit } from "@/lib/client/use-submit";
import type { BrowseConfig, ListPage } from "./browse-config";

const pad = (n: number) => String(n).padStart(2, "0");

/** Today on the member's calendar as the file name holds it (YYYY-MM-DD, the same in every language, so files sort by date). */
function today() {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Export re-queries the list from the first row (spec §7), optionally narrowed to selected ids. */
export function useExport<Item extends { id: string }>(config: BrowseConfig<Item>, query: Query) {
  const { busy: exporting, submit } = useSubmit();

  async function run(ids?: string[]) {
    await submit(async () => {
      const page = await api.get<ListPage<Item>>(`/${config.type}`, { ...query, skip: 0, limit: config.exportLimit, id: ids });
      if (page.items.length === 0) {
        toast("info", translate("browse.export.empty"));
        return;
      }
      const header = config.csv.map((column) => column.header);
      const rows = page.items.map((item) => config.csv.map((column) => column.value(item)));
      downloadCsv(`${config.type}-${today()}.csv`, toCsv(header, rows));
    });
  }

  return { exporting, exportAll: () => run(), exportSelected: (ids: string[]) => run(ids) };
}
