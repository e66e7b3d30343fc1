const BASE = "http://app.invalid";

/**
 * A link inside this app: a path with a single leading "/". Refuses other
 * schemes (`javascript:`), other hosts (`https://x`, `//x`, `/\x`, which browsers
 * read as `//x`), and whitespace or control characters that browsers drop
 * before parsing (`/\t/x` is `//x` to them).
 */
export function isAppPath(link: unknown): link is string {
  if (typeof link !== "string" || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return false;
  if (/[\s\p{Cc}\\]/u.test(link)) return false;
  try {
    return new URL(link, BASE).origin === BASE;
  } catch {
    return false;
  }
}
