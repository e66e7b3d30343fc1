// Message templates with placeholders, on both sides: the settings screen previews
// a template as the member types, the server checks it when it is saved and fills
// it in when a message is sent. No imports: it loads with the screen.
//
// The syntax, all of it:
//   {{customer.name}}                 the placeholder's value (nothing when it has none)
//   {{#visit.eta}} … {{/visit.eta}}   what is between, only when the placeholder has a value
//   {{^visit.eta}} … {{/visit.eta}}   what is between, only when it has none
// Spaces inside the braces are allowed. Anything else between {{ and }} is refused,
// as is an unknown name. There are no expressions, calls or loops: filling in is
// a walk over the parsed parts, linear in the template and its values.

/** The most tags (placeholders and section marks) one template may hold. */
export const TEMPLATE_TAGS_MAX = 200;
/** How deep sections may nest. */
export const TEMPLATE_DEPTH_MAX = 4;
/** The longest template the parser reads at all; the settings keep each text well below it. */
export const TEMPLATE_CHARS_MAX = 20_000;
const NAME_MAX = 64;

type Node = { kind: "text"; text: string } | { kind: "value"; name: string } | { kind: "section"; name: string; inverted: boolean; children: Node[] };

export type TemplateIssue =
  | { code: "unknown"; names: string[] }
  | { code: "unclosed_tag" }
  | { code: "bad_tag"; tag: string }
  | { code: "unclosed_section"; name: string }
  | { code: "unexpected_close"; name: string }
  | { code: "too_deep" }
  | { code: "too_many_tags" }
  | { code: "too_long" };

export type ParsedTemplate = { nodes: Node[]; names: string[] };

const isNameChar = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95;

/** A name like {{customer.name}} or {{links.review}} holds: lower-case words of letters, digits and _, joined by dots. */
function isName(text: string): boolean {
  if (text.length === 0 || text.length > NAME_MAX) return false;
  let wordStart = true;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      if (wordStart) return false;
      wordStart = true;
    } else if (isNameChar(code)) {
      // A word starts with a letter.
      if (wordStart && !(code >= 97 && code <= 122)) return false;
      wordStart = false;
    } else {
      return false;
    }
  }
  return !wordStart;
}

/** The template's parts, or the first thing wrong with its syntax. */
export function parseTemplate(template: string): { parsed: ParsedTemplate; issue?: undefined } | { parsed?: undefined; issue: TemplateIssue } {
  if (template.length > TEMPLATE_CHARS_MAX) return { issue: { code: "too_long" } };
  const root: Node[] = [];
  const open: { name: string; children: Node[] }[] = [];
  const names = new Set<string>();
  let current = root;
  let tags = 0;
  let at = 0;
  while (at < template.length) {
    const start = template.indexOf("{{", at);
    if (start < 0) break;
    const end = template.indexOf("}}", start + 2);
    if (end < 0) return { issue: { code: "unclosed_tag" } };
    if (start > at) current.push({ kind: "text", text: template.slice(at, start) });
    at = end + 2;
    tags += 1;
    if (tags > TEMPLATE_TAGS_MAX) return { issue: { code: "too_many_tags" } };
    const tag = template.slice(start + 2, end).trim();
    const mark = tag.charAt(0);
    const name = mark === "#" || mark === "^" || mark === "/" ? tag.slice(1).trim() : tag;
    if (!isName(name)) return { issue: { code: "bad_tag", tag: `{{${tag.slice(0, NAME_MAX)}}}` } };
    names.add(name);
    if (mark === "#" || mark === "^") {
      if (open.length >= TEMPLATE_DEPTH_MAX) return { issue: { code: "too_deep" } };
      const section: Node = { kind: "section", name, inverted: mark === "^", children: [] };
      current.push(section);
      open.push({ name, children: current });
      current = section.children;
    } else if (mark === "/") {
      const last = open.pop();
      if (!last || last.name !== name) return { issue: { code: "unexpected_close", name } };
      current = last.children;
    } else {
      current.push({ kind: "value", name });
    }
  }
  if (open.length > 0) return { issue: { code: "unclosed_section", name: open[open.length - 1].name } };
  if (at < template.length) current.push({ kind: "text", text: template.slice(at) });
  return { parsed: { nodes: root, names: [...names] } };
}

/** What is wrong with a template given the placeholders it may use: its syntax first, then every unknown name. */
export function templateIssue(template: string, allowed: readonly string[]): TemplateIssue | null {
  const result = parseTemplate(template);
  if (result.issue) return result.issue;
  const unknown = result.parsed.names.filter((name) => !allowed.includes(name));
  return unknown.length > 0 ? { code: "unknown", names: unknown } : null;
}

/** The catalogue key of each thing a template can get wrong. */
const ISSUE_KEYS: Record<TemplateIssue["code"], string> = {
  unknown: "validation.template.unknown",
  unclosed_tag: "validation.template.unclosedTag",
  bad_tag: "validation.template.badTag",
  unclosed_section: "validation.template.unclosedSection",
  unexpected_close: "validation.template.unexpectedClose",
  too_deep: "validation.template.tooDeep",
  too_many_tags: "validation.template.tooManyTags",
  too_long: "validation.template.tooLong",
};

/** The issue as a message key and its values: unknown names listed as the template wrote them. */
export function templateIssueMessage(issue: TemplateIssue): { key: string; values: Record<string, string | number> } {
  const values: Record<string, string | number> = {};
  if (issue.code === "unknown") {
    values.names = issue.names.map((name) => `{{${name}}}`).join(", ");
    values.count = issue.names.length;
  }
  if (issue.code === "bad_tag") values.tag = issue.tag;
  if (issue.code === "unclosed_section" || issue.code === "unexpected_close") values.name = issue.name;
  return { key: ISSUE_KEYS[issue.code], values };
}

export type TemplateValues = Readonly<Record<string, string | null | undefined>>;

function fill(nodes: Node[], values: TemplateValues, out: string[]) {
  for (const node of nodes) {
    if (node.kind === "text") out.push(node.text);
    else if (node.kind === "value") out.push(values[node.name] ?? "");
    else if (Boolean(values[node.name]) !== node.inverted) fill(node.children, values, out);
  }
}

/**
 * The template filled in with `values` (a name without a value is left empty).
 * A section that left its lines empty leaves no gap: blank lines are kept to one
 * between paragraphs, and the text is trimmed. A template that does not parse
 * gives null; saved templates always parse.
 */
export function renderTemplate(template: string, values: TemplateValues): string | null {
  const result = parseTemplate(template);
  if (result.issue) return null;
  const out: string[] = [];
  fill(result.parsed.nodes, values, out);
  // Line by line rather than by patterns: linear whatever the spaces in the text.
  const lines: string[] = [];
  for (const line of out.join("").split("\n")) {
    const kept = line.trimEnd();
    if (kept === "" && (lines.length === 0 || lines[lines.length - 1] === "")) continue;
    lines.push(kept);
  }
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n").trim();
}
