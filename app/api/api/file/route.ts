import { route } from "@/lib/server/route";
import { uploadFile } from "@/lib/services/file";

// POST /api/api/file — upload one file (multipart field "file")
export const POST = route({ status: 201 }, ({ db, session, req }) => uploadFile(db, session, req));
