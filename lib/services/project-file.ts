import "server-only";
import { and, arrayContains, desc, eq, not } from "drizzle-orm";
import type { Db } from "@/db/client";
import { file } from "@/db/schema/file";
import { projectFile } from "@/db/schema/project-file";
import { visit } from "@/db/schema/visit";
import type { projectFileCreateSchema } from "@/lib/schemas/project-file";
import type { z } from "@/lib/schemas/z";
import { levelAt } from "@/lib/schemas/sharing-level";
import { badRequest, forbidden, missingPrivilege } from "@/lib/server/errors";
import { getItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { fileView, type FileRow } from "@/lib/entities/file";
import { projectEntity } from "@/lib/entities/project";
import { visibleFiles } from "./file-visibility";
import { editsProject } from "./workflow-rules";

const LIST_LIMIT = 500;

const projectFileView = (row: FileRow, link: typeof projectFile.$inferSelect) => ({
  ...fileView(row),
  visit: link.visitId,
  added: link.createdAt,
  added_by: link.addedBy,
});

/** The files kept with a project, newest first; the project as the session may see it (404 otherwise). */
export async function listProjectFiles(db: Db, session: SessionContext, projectId: string) {
  await getItem(db, session, projectEntity, projectId);
  const rows = await db
    .select({ file, link: projectFile })
    .from(projectFile)
    .innerJoin(file, and(eq(file.id, projectFile.fileId), eq(file.organizationId, projectFile.organizationId)))
    .where(and(eq(projectFile.organizationId, session.organizationId), eq(projectFile.projectId, projectId), not(file.removed)))
    .orderBy(desc(projectFile.createdAt), desc(projectFile.id))
    .limit(LIST_LIMIT);
  return { items: rows.map((row) => projectFileView(row.file, row.link)) };
}

/** A visit of the project the member is assigned to, when one is named: its id, else null; refused (400) when it is not one. */
async function assignedVisit(db: Db, session: SessionContext, projectId: string, visitId: string | null) {
  const where = [eq(visit.organizationId, session.organizationId), eq(visit.projectId, projectId), arrayContains(visit.members, [session.memberId])];
  const [found] = await db
    .select({ id: visit.id })
    .from(visit)
    .where(and(...where, ...(visitId ? [eq(visit.id, visitId)] : [])))
    .limit(1);
  return found?.id ?? null;
}

/**
 * Keeps an upload the member sees with a project. Whoever may edit the project
 * may; so may a member assigned to one of its visits (the photos of the job,
 * taken on site). The same file twice is kept once.
 */
export async function addProjectFile(db: Db, session: SessionContext, projectId: string, input: z.output<typeof projectFileCreateSchema>) {
  const project = await getItem(db, session, projectEntity, projectId);
  const level = levelAt(session.locationId, { location: project.location, sharing: project.sharing });
  const assigned = await assignedVisit(db, session, projectId, input.visit);
  if (input.visit && !assigned) throw badRequest([{ path: "visit", message: "validation.projectFile.visit" }]);
  if (!assigned && level !== "edit") throw forbidden();
  if (!assigned && !editsProject(session, project, level)) throw missingPrivilege("projects_manage");
  const [row] = await db
    .select()
    .from(file)
    .where(and(visibleFiles(session), eq(file.id, input.file), not(file.removed)));
  if (!row) throw badRequest([{ path: "file", message: "validation.projectFile.file" }]);
  await db
    .insert(projectFile)
    .values({ organizationId: session.organizationId, projectId, fileId: row.id, visitId: input.visit, addedBy: session.memberId })
    .onConflictDoNothing({ target: [projectFile.projectId, projectFile.fileId] });
  const [link] = await db
    .select()
    .from(projectFile)
    .where(and(eq(projectFile.organizationId, session.organizationId), eq(projectFile.projectId, projectId), eq(projectFile.fileId, row.id)));
  return projectFileView(row, link!);
}
