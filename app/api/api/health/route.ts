import { publicRoute } from "@/lib/server/route";

// GET /api/api/health — liveness: the server answers (it reads nothing, so a load balancer may poll it often)
export const GET = publicRoute({}, async () => ({ status: "ok" }));
