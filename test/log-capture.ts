import { logTo } from "@/lib/server/log";

export type LogLine = Record<string, unknown> & { msg?: string };

/** Collects what the server logs (every level) until `restore`, as parsed lines and as written. */
export function captureLog() {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const restore = logTo({
    write(text: string) {
      raw.push(text);
      for (const line of text.split("\n")) if (line) lines.push(JSON.parse(line) as LogLine);
    },
  });
  return { lines, raw, restore };
}
