import { NextResponse, type NextRequest } from "next/server";
import { isHttps } from "@/lib/server/request-info";
import { HSTS, pageCsp } from "@/lib/server/security-headers";

/** Pages get a fresh script nonce and their Content-Security-Policy on every request. */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const https = isHttps(request);
  const csp = pageCsp(nonce, { dev: process.env.NODE_ENV === "development", https });
  // Next.js reads the policy from the request to put the nonce on its own scripts.
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

export const config = {
  // Pages only: API routes set their own headers in the route kernel and keep their bodies unbuffered.
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
