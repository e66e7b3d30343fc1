import type { projectView } from "@/lib/entities/project";
import type { Jsonify } from "@/lib/schemas/jsonify";

/** A project as GET /project and GET /project/{id} answer it. */
export type ProjectItem = Jsonify<ReturnType<typeof projectView>>;
