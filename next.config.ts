import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { STATIC_SECURITY_HEADERS } from "./lib/server/security-headers";

const nextConfig: NextConfig = {
  // The Docker image's build sets NEXT_OUTPUT=standalone; `next start` refuses to serve that output.
  ...(process.env.NEXT_OUTPUT === "standalone" ? { output: "standalone" as const } : {}),
  poweredByHeader: false,
  // npm test type-checks before it builds (scripts/test.mjs); every other build checks types itself.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  async headers() {
    return [{ source: "/:path*", headers: STATIC_SECURITY_HEADERS }];
  },
  // Lets several builds live side by side (e.g. parallel browser-test runs).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "drizzle-orm", "argon2", "pg", "nodemailer", "pg-boss", "pino", "googleapis", "@azure/msal-node", "@aws-sdk/client-s3"],
  // Migrations are read from disk at start-up, the fonts of documents when one is printed; the standalone bundle must carry them.
  outputFileTracingIncludes: { "/*": ["./migrations/**/*", "./lib/documents/fonts/**/*"] },
  experimental: {
    optimizePackageImports: ["@mantine/core", "@mantine/hooks", "@tabler/icons-react"],
    // A CI build starts from a fresh clone and is never built again: writing Turbopack's cache is work for nothing.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  turbopack: {
    rules: {
      "*.js": {
        condition: { all: ["browser", { path: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }] },
        loaders: ["./lib/build/zod-english-only.cjs"],
      },
    },
  },
};

// Pages find their language and catalogue in i18n/request.ts. The catalogues are
// compiled at build time, so the browser gets no ICU parser (the script budget).
export default createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
})(nextConfig);
