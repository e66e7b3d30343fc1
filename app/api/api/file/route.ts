import { route } from "@/lib/server/route";
import { maxUploadBodyBytes, uploadFile } from "@/lib/services/file";

// POST /api/api/file — upload one file (multipart field "file")
export const POST = route({ status: 201, form: maxUploadBodyBytes }, ({ db, session, form }) =>
  uploadFile(db, session, form),
);
