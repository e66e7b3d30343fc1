// The subject of a reply, on both sides: the message form offers one, and the
// server decides what a sent reply's Subject header says.

/** "Re: Re: AW: Quote" and "Quote" are one subject: a subject without its reply and forward prefixes. */
export const baseSubject = (subject: string) => subject.replace(/^(\s*(re|fwd?|aw|wg|sv|vs)\s*(\[\d+\])?\s*:\s*)+/i, "").trim();

/** The subject a reply form offers for a thread: "Re: …" once, however long the thread ("RE:" as written counts). */
export const replyTitle = (title: string) => (/^re:/i.test(title.trim()) ? title.trim() : `Re: ${title.trim()}`);

/**
 * The subject a message is sent under: a reply under the subject of the message
 * it answers (`parent`, when that message is known), whatever its prefixes and
 * case, becomes "Re: <subject>" once, however many replies came before; any
 * other keeps the subject as the member wrote it.
 */
export function replySubject(title: string, parent: string | undefined): string {
  const base = baseSubject(title);
  return parent !== undefined && base.toLowerCase() === baseSubject(parent).toLowerCase() ? `Re: ${base}` : title;
}
