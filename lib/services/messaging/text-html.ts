import "server-only";
import { sanitizeEmailHtml } from "./email-html";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// Linear: one character class, no nested repetition. Punctuation that ends a sentence is not part of the address.
const URL = /https?:\/\/[^\s<>"']+/g;
const TRAILING = new Set([".", ",", ";", ":", "!", "?", ")"]);

function linked(escaped: string): string {
  return escaped.replace(URL, (found) => {
    let end = found.length;
    while (end > 0 && TRAILING.has(found[end - 1])) end -= 1;
    const url = found.slice(0, end);
    return `<a href="${url}">${url}</a>${found.slice(end)}`;
  });
}

/**
 * A plain-text email body as the HTML part sent beside it: everything escaped,
 * paragraphs at blank lines, line breaks kept, web addresses as links; then made
 * inert by the sanitizer the app shows email HTML with, so nothing a template or a
 * customer's name holds can become markup.
 */
export function textEmailHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p style="margin:0 0 1em">${linked(escapeHtml(paragraph)).split("\n").join("<br>")}</p>`);
  return sanitizeEmailHtml(`<div style="font-family:Arial, Helvetica, sans-serif;font-size:15px;line-height:1.5;color:#1c2024">${paragraphs.join("")}</div>`);
}
