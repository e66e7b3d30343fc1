import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "standalone",
  serverExternalPackages: ["@electric-sql/pglite", "argon2", "pg", "nodemailer"],
  // Migrations are read from disk at start-up; the standalone bundle must carry them.
  outputFileTracingIncludes: { "/*": ["./migrations/**/*"] },
  experimental: { optimizePackageImports: ["@mantine/core", "@mantine/hooks", "@tabler/icons-react"] },
};

export default nextConfig;
