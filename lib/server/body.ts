import "server-only";
import { ApiError, badRequest } from "./errors";
import { formParts } from "./form-parts";
import { parseOffThread, ParseLimitError } from "./parse-pool";

/** JSON bodies: far above any form's needs, far below what could hurt the process. */
export const JSON_MAX_BYTES = 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** 413, and the connection is closed rather than read any further. */
export const payloadTooLarge = (max: number) =>
  new ApiError(413, "errors.payloadTooLarge", {}, { Connection: "close" }, { size: megabytes(max) });

/** 415: a raw body of a type the route does not read. */
export const unsupportedMediaType = (types: readonly string[]) =>
  new ApiError(415, "errors.unsupportedMediaType", {}, {}, { types: types.join(", ") });

/**
 * The body's bytes (of a request, or of a response the server fetched), counted
 * on the stream: a declared or chunked body past `max` is refused without
 * reading the rest.
 */
export async function readBody(req: Pick<Request, "headers" | "body">, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > max) throw payloadTooLarge(max);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(max);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readJson(req: Request): Promise<unknown> {
  const bytes = await readBody(req, JSON_MAX_BYTES);
  if (bytes.byteLength === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest([{ path: "", message: "errors.body.json" }]);
  }
}

/**
 * Past this size a multipart body is read in a parse worker: the platform's parser reads
 * a body in one go, which for megabytes of upload would hold the event loop.
 */
const FORM_INLINE_BYTES = 256 * 1024;

/** A multipart body of at most `max` bytes, parsed once it is all in. */
export async function readForm(req: Request, max: number): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest([{ path: "", message: "errors.body.multipartRequired" }]);
  }
  const bytes = await readBody(req, max);
  const answer = bytes.byteLength <= FORM_INLINE_BYTES ? await formParts(type, bytes) : await formPartsOffThread(type, bytes);
  if (!("parts" in answer)) throw badRequest([{ path: "", message: "errors.body.multipart" }]);
  const form = new FormData();
  for (const part of answer.parts) {
    if ("value" in part) form.append(part.name, part.value);
    else form.append(part.name, new File([part.bytes], part.filename, { type: part.type }));
  }
  return form;
}

async function formPartsOffThread(type: string, bytes: Uint8Array) {
  try {
    return await parseOffThread({ kind: "form", type, bytes });
  } catch (error) {
    // A body the worker could not read in its time or memory is no form the route can take.
    if (error instanceof ParseLimitError) return { refused: "malformed" as const };
    throw error;
  }
}
