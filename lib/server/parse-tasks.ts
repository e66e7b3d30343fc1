import { parseImportFile } from "@/lib/import/parse-file";
import { ImportFileError, type ImportFileProblem, type Sheet } from "@/lib/import/sheet";
import type { MessageValues } from "@/lib/i18n/zod-issue";
import { EmailRefusal, readEmail, type ParsedEmail } from "@/lib/services/messaging/mime-read";
import { formParts, ownBuffer, type FormAnswer } from "./form-parts";

// The work a parse worker does (lib/server/parse-pool.ts), and the answers it sends
// back: plain data, as classes do not survive being posted between threads.

export type ParseTask =
  | { kind: "sheet"; name: string; bytes: Uint8Array }
  | { kind: "email"; bytes: Uint8Array }
  /** A multipart body and its content type (with the boundary). */
  | { kind: "form"; type: string; bytes: Uint8Array };


/** Per kind of task: the value, or why the input was refused (said to the user). */
export type ParseAnswers = {
  sheet: { sheet: Sheet } | { refused: { problem: ImportFileProblem; key: string; values: MessageValues } };
  email: { email: ParsedEmail } | { refused: string };
  form: FormAnswer;
};

export type ParseAnswer = ParseAnswers[ParseTask["kind"]];

export { ownBuffer };

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
  if (task.kind === "form") {
    const answer = await formParts(task.type, ownBuffer(task.bytes));
    return { answer, transfer: "parts" in answer ? answer.parts.flatMap((part) => ("bytes" in part ? [part.bytes.buffer as ArrayBuffer] : [])) : [] };
  }
  const answer = await emailAnswer(task.bytes);
  return { answer, transfer: "email" in answer ? answer.email.attachments.map((file) => file.bytes.buffer as ArrayBuffer) : [] };
}
