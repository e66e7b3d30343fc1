import "server-only";
import sanitizeHtml from "sanitize-html";

/**
 * The most HTML of one email that is sanitized and kept. The parser is
 * synchronous: bounding its input bounds how long one message holds the event
 * loop (tens of milliseconds here). Longer HTML is cut, as Gmail clips messages
 * past 102 KB (the parser closes what the cut leaves open); the text part keeps
 * the whole message readable.
 */
export const EMAIL_HTML_MAX = 128 * 1024;
/**
 * Elements deeper than this are dropped (their text stays) before the parser sees
 * them: htmlparser2's work grows with the square of the nesting depth (a quarter
 * megabyte of `<b>` took seconds), and real mail is never nested this deep.
 */
export const EMAIL_HTML_DEPTH = 256;

/** Where a remote image's address waits until the reader asks for remote images. */
export const REMOTE_SRC = "data-remote-src";

const SAFE_VALUE = /^(?!.*(?:url|expression|image-set|image|var|attr|env)\s*\()(?!.*[\\<>@])[-#\w\s.,%()'"/+!]*$/i;
const STYLE_PROPERTIES = [
  "color",
  "background-color",
  "font",
  "font-family",
  "font-size",
  "font-style",
  "font-weight",
  "text-align",
  "text-decoration",
  "text-transform",
  "line-height",
  "letter-spacing",
  "white-space",
  "vertical-align",
  "width",
  "max-width",
  "min-width",
  "height",
  "margin",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "border",
  "border-top",
  "border-right",
  "border-bottom",
  "border-left",
  "border-color",
  "border-style",
  "border-width",
  "border-radius",
  "border-collapse",
  "border-spacing",
];
// No position, no url(): a style can colour and space the message, never place it over the app or fetch anything.
const allowedStyles = {
  "*": {
    ...Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [SAFE_VALUE]])),
    display: [/^(?:block|inline|inline-block|none|table|table-row|table-cell)$/i],
  },
};

const TABLE_CELL = ["colspan", "rowspan", "align", "valign", "width", "height", "bgcolor"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "font", "center", "big"],
  // The default keeps the text of a removed element; these hold no text worth showing.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head", "template", "svg", "math", "object", "select"],
  allowedAttributes: {
    "*": ["style", "align", "dir", "title", "lang"],
    a: ["href", "name", "target", "rel"],
    img: ["src", "alt", "width", "height", REMOTE_SRC],
    table: ["width", "border", "cellpadding", "cellspacing", "bgcolor", "align"],
    td: TABLE_CELL,
    th: TABLE_CELL,
    tr: ["bgcolor", "valign"],
    col: ["span", "width"],
    colgroup: ["span", "width"],
    font: ["color", "size", "face"],
    ol: ["start", "type"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["data", "cid"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles,
  nestingLimit: EMAIL_HTML_DEPTH,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" },
    }),
    img: (tagName, attribs) => {
      // The sender's own data-remote-src is dropped: only an address that was the image's source waits there.
      const { src = "", [REMOTE_SRC]: _sent, ...rest } = attribs;
      const source = src.trim();
      // Loading a remote image tells the sender the mail was read: the address waits aside.
      if (/^(?:https?:)?\/\//i.test(source)) return { tagName, attribs: { ...rest, [REMOTE_SRC]: source } };
      if (/^data:image\/(?:png|gif|jpe?g|webp|bmp);/i.test(source) || /^cid:/i.test(source)) return { tagName, attribs: { ...rest, src: source } };
      return { tagName, attribs: rest };
    },
  },
};

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/g;

/**
 * Tags past EMAIL_HTML_DEPTH removed in one linear pass. Every start tag that is
 * not void counts one level deeper (the parser closes some by itself, so the
 * real depth is never more than this count).
 */
export function flattenDeepHtml(html: string): string {
  let depth = 0;
  return html.replace(TAG, (tag, closing: string, name: string) => {
    if (VOID.has(name.toLowerCase()) || tag.endsWith("/>")) return depth >= EMAIL_HTML_DEPTH ? "" : tag;
    if (closing) {
      const kept = depth <= EMAIL_HTML_DEPTH;
      depth = Math.max(0, depth - 1);
      return kept ? tag : "";
    }
    depth += 1;
    return depth <= EMAIL_HTML_DEPTH ? tag : "";
  });
}

/** An email's HTML made inert: no scripts, handlers, frames, forms or objects; links open apart; remote images parked. */
export function sanitizeEmailHtml(html: string): string {
  const bounded = html.length > EMAIL_HTML_MAX ? html.slice(0, EMAIL_HTML_MAX) : html;
  return sanitizeHtml(flattenDeepHtml(bounded), OPTIONS).trim();
}

const BLOCK_END = /<br\s*\/?>|<\/(?:p|div|tr|li|h[1-6]|blockquote|table|pre)>/gi;

/**
 * The text of sanitized HTML, for an email without a text part: block ends become
 * line breaks, tags go, and the three characters the sanitizer escapes in text
 * come back. Link addresses are not spelled out: the text is for reading.
 */
export function emailHtmlText(sanitized: string): string {
  const stripped = sanitizeHtml(sanitized.replace(BLOCK_END, "$&\n"), { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
