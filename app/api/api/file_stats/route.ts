import { route } from "@/lib/server/route";
import { fileStats } from "@/lib/services/file-list";

// GET /api/api/file_stats — bytes kept by the organization, by category
export const GET = route({}, ({ db, session }) => fileStats(db, session));
