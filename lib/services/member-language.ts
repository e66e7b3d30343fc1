import "server-only";
import { sql } from "drizzle-orm";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";

/** In a query joining member and organization: the language the member reads (their own, else the organization's). */
export const memberLanguage = sql<string>`coalesce(${member.language}, ${organization.language})`;
