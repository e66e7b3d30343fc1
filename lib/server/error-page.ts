import "server-only";

/** What a failed address a browser opened by itself says: a heading, a sentence and the way on (catalogue keys or text). */
export type ErrorPage = { title: string; text: string; link: { href: string; label: string } };

/** Its own policy: nothing may run or load; the inline styles are the page's only styles. */
const ERROR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * A browser navigating to the address itself (a download link, a file opened in a
 * new tab), as against the app's own requests, which expect JSON.
 */
export function navigates(req: Request): boolean {
  const mode = req.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return req.method === "GET" && (req.headers.get("accept") ?? "").includes("text/html");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The failure as a small self-contained page in the same status, light or dark as the system is. */
export function errorPageResponse(status: number, page: ErrorPage, headers: Headers, lang = "en"): Response {
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · Craftdesk</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8f9fa; color: #212529; }
  main { max-width: 32rem; margin: 1.5rem; padding: 2rem; border-radius: 0.75rem; background: #fff; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.375rem; margin: 0 0 0.75rem; overflow-wrap: anywhere; }
  p { line-height: 1.5; margin: 0 0 1.5rem; color: #495057; }
  a { display: inline-block; padding: 0.5rem 1rem; border-radius: 0.5rem; background: #0090ff; color: #fff; text-decoration: none; font-weight: 600; }
  a:focus-visible { outline: 2px solid #0090ff; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    body { background: #1a1b1e; color: #e9ecef; }
    main { background: #25262b; box-shadow: none; }
    p { color: #adb5bd; }
  }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.text)}</p>
<a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a>
</main>
</body>
</html>
`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", ERROR_PAGE_CSP);
  headers.set("Cache-Control", "no-store");
  return new Response(html, { status, headers });
}
