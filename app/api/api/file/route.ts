import { fileListQuerySchema } from "@/lib/schemas/file";
import { route } from "@/lib/server/route";
import { maxUploadBodyBytes, uploadFile } from "@/lib/services/file";
import { listFiles } from "@/lib/services/file-list";

// GET /api/api/file — list the organization's files
export const GET = route({ query: fileListQuerySchema }, ({ db, session, query }) => listFiles(db, session, query));

// POST /api/api/file — upload one file (multipart field "file")
export const POST = route({ status: 201, form: maxUploadBodyBytes }, ({ db, session, form }) =>
  uploadFile(db, session, form),
);
