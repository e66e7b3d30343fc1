import type { Row } from "@/test/isolation/cases";
import { entityRows } from "@/test/isolation/entity-rows";

/** Locations: the rows of the shared shape (list, create, read, change) and nothing of their own. */
export const locationRows: Row[] = entityRows("location");
