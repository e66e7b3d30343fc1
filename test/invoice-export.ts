/** The accountant's exports as a browser downloads them: the bytes, the CSV's rows, or the refusal's JSON. */
import Papa from "papaparse";
import { ORIGIN } from "@/test/api";

type Handler = (req: Request, args: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function download(handler: Handler, path: string, cookie: string | undefined, query: Record<string, string> = {}) {
  const url = new URL(`/api/api${path}`, ORIGIN);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const res = await handler(new Request(url, { headers: cookie ? { cookie } : {} }), { params: Promise.resolve({}) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = res.headers.get("content-type") ?? "";
  const text = type.startsWith("text/csv") ? new TextDecoder().decode(bytes) : "";
  return {
    status: res.status,
    type,
    disposition: res.headers.get("content-disposition"),
    bytes,
    text,
    json: type.includes("application/json") ? JSON.parse(new TextDecoder().decode(bytes)) : undefined,
  };
}

/** A CSV export's rows, the header first; the byte order mark is taken off. */
export function csvRows(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
}
