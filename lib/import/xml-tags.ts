/** Longest tag whose attributes are read; real ones are far shorter. */
const MAX_TAG_LENGTH = 4096;

/** Markup no well-formed document has, where readers could disagree on what it means. */
export class MalformedXmlError extends Error {}

/** A stretch of a document without any markup longer than the scanner allows. */
export class LongRunError extends Error {
  constructor(readonly maxRun: number) {
    super(`More than ${maxRun} characters without markup`);
  }
}

type State = "text" | "markup" | "tag" | "skip";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** An attribute value with its character and entity references resolved, as the XML reader sees it. */
function decode(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== "#") return ENTITIES[ref];
    const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const ATTRIBUTE = /([^\s=/<>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Every quoted attribute of a tag's text, by local name (a namespace prefix
 * dropped), each name with all the values it was given.
 */
export function tagAttributes(text: string): Map<string, string[]> {
  const attributes = new Map<string, string[]>();
  // One pattern, reused: a fresh iterator per tag costs more than the match (a sheet has a tag per cell).
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(text); match; match = ATTRIBUTE.exec(text)) {
    const name = match[1].slice(match[1].lastIndexOf(":") + 1);
    const raw = match[2] ?? match[3];
    const value = raw.includes("&") ? decode(raw) : raw;
    const values = attributes.get(name);
    if (values) values.push(value);
    else attributes.set(name, [value]);
  }
  return attributes;
}

/**
 * Finds the start tags of an XML document fed in chunks, without building it:
 * comments, CDATA sections and processing instructions are skipped, quoted
 * attribute values may hold '>' (as the spreadsheet reader's parser allows), a
 * '<' inside a tag is refused, and
 * only tags whose local name is in `wanted` are kept whole for `onTag`. Memory
 * stays within one tag, whatever the document's size. With `maxRun`, a stretch of
 * more characters than that without a '<' (text, a tag, a comment) is refused.
 */
export class TagScanner {
  private state: State = "text";
  /** Text carried over from the previous chunk: the start of markup not yet classified. */
  private carry = "";
  private terminator = "";
  /** The quote character (its code) of the attribute value being read, 0 outside one. */
  private quote = 0;
  private name = "";
  /** The name without its namespace prefix, once the whole name is read. */
  private local = "";
  private nameDone = false;
  private text = "";
  private decoder = new TextDecoder("utf-8");
  private capture: { max: number; text: string; done: (text: string) => void } | null = null;
  /** Characters since the last '<'. */
  private run = 0;

  constructor(
    private readonly wanted: ReadonlySet<string>,
    private readonly onTag: (localName: string, text: string) => void,
    private readonly maxRun = Infinity,
  ) {}

  /**
   * Hands the text that follows the tag just reported, up to the next markup, to
   * `done`, with its references resolved. At most `max` characters are kept, so a
   * huge text costs no memory; `done` sees one character more when it was cut.
   */
  captureText(max: number, done: (text: string) => void) {
    this.capture = { max, text: "", done };
  }

  /** Bytes of the document, UTF-8 as the spreadsheet reader reads it. */
  push(bytes: Uint8Array) {
    const text = this.decoder.decode(bytes, { stream: true });
    this.checkRuns(text);
    this.scan(text);
  }

  private checkRuns(text: string) {
    if (this.maxRun === Infinity) return;
    let from = 0;
    for (let open = text.indexOf("<"); open >= 0; open = text.indexOf("<", open + 1)) {
      if (this.run + open - from > this.maxRun) throw new LongRunError(this.maxRun);
      this.run = 0;
      from = open + 1;
    }
    this.run += text.length - from;
    if (this.run > this.maxRun) throw new LongRunError(this.maxRun);
  }

  private scan(chunk: string) {
    // Only joined when there is a carry: even "" + chunk leaves V8 a string that is slow to index.
    const input = this.carry ? this.carry + chunk : chunk;
    this.carry = "";
    let at = 0;
    while (at < input.length) {
      if (this.state === "text") {
        const open = input.indexOf("<", at);
        if (this.capture) this.keepText(input.slice(at, Math.min(open < 0 ? input.length : open, at + this.capture.max + 1)), open >= 0);
        if (open < 0) return;
        at = open;
        this.state = "markup";
      }
      if (this.state === "markup") {
        const rest = input.length - at;
        const second = input.charCodeAt(at + 1);
        // Most markup is a tag: "<" then neither "!" nor "?" (nor the end of the chunk).
        if (rest >= 2 && second !== 33 && second !== 63) {
          this.startTag();
          at += 1;
          continue;
        }
        const head = input.slice(at, at + 9);
        // Too little left to tell a comment or CDATA section from other markup: wait for more.
        if (rest < 2 || (rest < 9 && head[1] === "!" && ("<![CDATA[".startsWith(head) || "<!--".startsWith(head)))) {
          this.carry = head;
          return;
        }
        // Terminators are searched from the '<' itself, as the spreadsheet reader's parser does.
        if (head.startsWith("<!--")) this.skipUntil("-->");
        else if (head.startsWith("<![CDATA[")) this.skipUntil("]]>");
        else if (head[1] === "?") this.skipUntil("?>");
        else {
          this.startTag();
          at += 1;
        }
        continue;
      }
      if (this.state === "skip") {
        const end = input.indexOf(this.terminator, at);
        if (end < 0) {
          // The terminator may straddle chunks: keep what could be its start.
          this.carry = input.slice(Math.max(at, input.length - this.terminator.length + 1));
          return;
        }
        at = end + this.terminator.length;
        this.state = "text";
        continue;
      }
      at = this.tagFrom(input, at);
    }
  }

  private keepText(text: string, ended: boolean) {
    const capture = this.capture!;
    if (capture.text.length <= capture.max) capture.text += text.slice(0, capture.max + 1 - capture.text.length);
    if (!ended) return;
    this.capture = null;
    capture.done(decode(capture.text));
  }

  private skipUntil(terminator: string) {
    this.state = "skip";
    this.terminator = terminator;
  }

  private startTag() {
    this.state = "tag";
    this.quote = 0;
    this.name = "";
    this.local = "";
    this.nameDone = false;
    this.text = "";
  }

  /** Reads a tag from `at` (just after its '<') to its closing '>' or the end of the input; returns where it stopped. */
  private tagFrom(input: string, at: number): number {
    let quote = this.quote;
    let nameDone = this.nameDone;
    let nameStart = at;
    let keep = nameDone && this.wanted.has(this.local);
    let keptFrom = at;
    let end = -1;
    for (let i = at; i < input.length; i++) {
      const code = input.charCodeAt(i);
      // XML has no '<' inside a tag, not even in a quoted value. A reader that reads in
      // pieces can end such a tag early and take what follows for tags of its own.
      if (code === 60) throw new MalformedXmlError(`"<" inside <${this.name}>`);
      if (quote !== 0) {
        if (code === quote) quote = 0;
        continue;
      }
      const ends = code === 62; // '>'
      if (!nameDone && (ends || code === 34 || code === 39 || code === 47 || code <= 32)) {
        nameDone = true;
        this.addToName(input.slice(nameStart, i));
        this.local = this.name.slice(this.name.lastIndexOf(":") + 1);
        keep = this.wanted.has(this.local);
        keptFrom = i;
      }
      if (code === 34 || code === 39) quote = code;
      else if (ends) {
        end = i;
        break;
      }
    }
    if (!nameDone) this.addToName(input.slice(nameStart, end < 0 ? input.length : end));
    this.quote = quote;
    this.nameDone = nameDone;
    if (keep) this.append(input.slice(keptFrom, end < 0 ? input.length : end));
    if (end < 0) return input.length;
    this.finishTag();
    return end + 1;
  }

  private addToName(text: string) {
    // A name past the longest one read stays cut; it is no tag of interest then.
    if (this.name.length < MAX_TAG_LENGTH) this.name += text.slice(0, MAX_TAG_LENGTH);
  }

  private append(text: string) {
    this.text += text;
    if (this.text.length > MAX_TAG_LENGTH) throw new MalformedXmlError(`<${this.name}> is longer than ${MAX_TAG_LENGTH} characters`);
  }

  private finishTag() {
    const local = this.nameDone ? this.local : this.name.slice(this.name.lastIndexOf(":") + 1);
    // A closing tag ("</c>") or one with no name is not a start tag.
    if (this.name && !this.name.startsWith("/") && !this.name.startsWith("!") && this.wanted.has(local)) this.onTag(local, this.text);
    this.state = "text";
  }
}
