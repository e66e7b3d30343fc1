import type { FieldValue } from "@/lib/schemas/project-fields";
import type { Sharing } from "@/lib/schemas/sharing";

/** A project as GET /project and GET /project/{id} answer it. */
export type ProjectItem = {
  id: string;
  title: string;
  description: string;
  /** Project type id. */
  type: string;
  /** A status id of its type. */
  status: number;
  fields: FieldValue[];
  /** Member id. */
  owner: string | null;
  /** Customer id. */
  customer: string | null;
  location: string | null;
  sharing: Sharing;
  organization: string;
  created: string;
  updated: string;
};
