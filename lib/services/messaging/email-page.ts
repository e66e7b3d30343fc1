import "server-only";
import { REMOTE_SRC } from "./email-html";

/*
 * An inbound email's sanitized HTML as a page of its own, shown in a sandboxed
 * frame. It is served, not written into the screen's frame, so that it carries
 * its own Content-Security-Policy: a frame written from the screen would inherit
 * the screen's, and remote images could never be shown even when asked for.
 */

/** Nothing loads from outside unless the reader asks; then https images only. 'self' is for inline images, the message's own files. */
export function emailPagePolicy(remoteImages: boolean): string {
  return [
    "default-src 'none'",
    `img-src 'self' data:${remoteImages ? " https:" : ""}`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    // Opened on its own, it is as inert as in its frame.
    "sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox",
  ].join("; ");
}

const IMG = /<img\b[^>]*>/gi;
const PARKED = new RegExp(`\\s${REMOTE_SRC}="(https://[^"]*)"`, "i");

/** The sanitizer parks remote image addresses aside (email-html.ts); asking for them puts the https ones back. */
export function withRemoteImages(html: string): string {
  return html.replace(IMG, (tag) => tag.replace(PARKED, (parked, source: string) => `${parked} src="${source}"`));
}

export function emailPage(html: string, remoteImages: boolean): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<base target="_blank">
<style>html,body{margin:0;padding:0}body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}pre{white-space:pre-wrap}</style>
</head><body>${remoteImages ? withRemoteImages(html) : html}</body></html>`;
}
