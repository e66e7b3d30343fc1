/** A part of a multipart body: a field's text, or a file's name, type and bytes. */
export type FormPart = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Uint8Array<ArrayBuffer> };
export type FormAnswer = { parts: FormPart[] } | { refused: "malformed" };

/** Bytes in an ArrayBuffer of their own, so posting them can move the buffer instead of copying it. */
export function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

/** The parts of a multipart body, as the platform's own parser reads them (in one go: a parse worker reads the large ones). */
export async function formParts(type: string, bytes: Uint8Array<ArrayBuffer>): Promise<FormAnswer> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    return { refused: "malformed" };
  }
  const parts: FormPart[] = [];
  for (const [name, value] of form.entries()) {
    parts.push(typeof value === "string" ? { name, value } : { name, filename: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return { parts };
}
