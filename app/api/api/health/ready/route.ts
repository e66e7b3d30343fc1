import { ApiError } from "@/lib/server/errors";
import { publicRoute } from "@/lib/server/route";
import { readiness } from "@/lib/server/readiness";

// GET /api/api/health/ready — readiness: database reachable, migrations applied, background jobs running
export const GET = publicRoute({ database: false }, async () => {
  const { ready, checks } = await readiness();
  if (!ready) {
    const failed = Object.entries(checks).filter(([, check]) => !check.ok).map(([name]) => name);
    throw new ApiError(503, `Not ready: ${failed.join(", ")}`, { checks });
  }
  return { status: "ready", checks };
});
