import { parseImportFile } from "@/lib/import/parse-file";
import { ImportFileError, type ImportFileProblem, type Sheet } from "@/lib/import/sheet";
import type { MessageValues } from "@/lib/i18n/zod-issue";
import { EmailRefusal, readEmail, type ParsedEmail } from "@/lib/services/messaging/mime-read";

// The work a parse worker does (lib/server/parse-pool.ts), and the answers it sends
// back: plain data, as classes do not survive being posted between threads.

export type ParseTask = { kind: "sheet"; name: string; bytes: Uint8Array } | { kind: "email"; bytes: Uint8Array };

/** Per kind of task: the value, or why the input was refused (said to the user). */
export type ParseAnswers = {
  sheet: { sheet: Sheet } | { refused: { problem: ImportFileProblem; key: string; values: MessageValues } };
  email: { email: ParsedEmail } | { refused: string };
};

export type ParseAnswer = ParseAnswers[ParseTask["kind"]];

/** Bytes in an ArrayBuffer of their own, so posting them can move the buffer instead of copying it. */
export function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

async function sheetAnswer(name: string, bytes: Uint8Array): Promise<ParseAnswers["sheet"]> {
  try {
    return { sheet: await parseImportFile(name, bytes) };
  } catch (error) {
    if (error instanceof ImportFileError) return { refused: { problem: error.problem, key: error.message, values: error.values } };
    throw error;
  }
}

async function emailAnswer(bytes: Uint8Array): Promise<ParseAnswers["email"]> {
  try {
    const email = await readEmail(bytes);
    return { email: { ...email, attachments: email.attachments.map((file) => ({ ...file, bytes: ownBuffer(file.bytes) })) } };
  } catch (error) {
    if (error instanceof EmailRefusal) return { refused: error.message };
    throw error;
  }
}

/** Runs one task; returns the answer and the buffers it may move rather than copy. */
export async function runParseTask(task: ParseTask): Promise<{ answer: ParseAnswer; transfer: ArrayBuffer[] }> {
  if (task.kind === "sheet") return { answer: await sheetAnswer(task.name, task.bytes), transfer: [] };
  const answer = await emailAnswer(task.bytes);
  return { answer, transfer: "email" in answer ? answer.email.attachments.map((file) => file.bytes.buffer as ArrayBuffer) : [] };
}
