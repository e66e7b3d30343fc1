import { publicRoute } from "@/lib/server/route";
import { configuredProviders } from "@/lib/services/messaging/mailbox/providers";

// GET /api/api/session/providers — the identity providers configured on this server, whose buttons the log in and sign-up screens show
export const GET = publicRoute({ anonymous: true, database: false }, async () => configuredProviders());
