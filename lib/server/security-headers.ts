/** Response headers that hold for every page and API answer. */

/** Sent on everything, from next.config.ts: they do not depend on the request. */
export const STATIC_SECURITY_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
];

export const HSTS = "max-age=31536000; includeSubDomains";

/** API answers are data, never documents: nothing in them may run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Pages: scripts only with this response's nonce (Next.js puts it on its own
 * scripts); styles inline, since Mantine writes style tags and attributes.
 */
export function pageCsp(nonce: string, options: { dev: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
