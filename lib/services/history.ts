import "server-only";
import type { Db } from "@/db/client";
import type { z } from "@/lib/schemas/z";
import type { historyQuerySchema } from "@/lib/schemas/history";
import { readHistory } from "@/lib/server/history";
import { getItem, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity } from "@/lib/entities/conversation";
import { customerEntity } from "@/lib/entities/customer";
import { locationEntity } from "@/lib/entities/location";
import { memberEntity } from "@/lib/entities/member";
import { projectEntity } from "@/lib/entities/project";
import { projectTypeEntity } from "@/lib/entities/project-type";
import { roleEntity } from "@/lib/entities/role";
import { visitEntity } from "@/lib/entities/visit";
import { quoteEntity } from "@/lib/entities/quote";
import { invoiceEntity, paymentEntity } from "@/lib/entities/invoice";
import { priceItemEntity } from "@/lib/entities/price-item";
import { taxRateEntity } from "@/lib/entities/tax-rate";
import { findOrganizationRow } from "@/lib/server/organization-items";
import { findFile } from "./file";
import { getOrganization } from "./organization";

type AnyEntity = ScopedEntity<Record<string, unknown>, unknown>;
const entities: Record<string, AnyEntity> = {
  location: locationEntity as unknown as AnyEntity,
  role: roleEntity as unknown as AnyEntity,
  member: memberEntity as unknown as AnyEntity,
  customer: customerEntity as unknown as AnyEntity,
  project_type: projectTypeEntity as unknown as AnyEntity,
  project: projectEntity as unknown as AnyEntity,
  conversation: conversationEntity as unknown as AnyEntity,
  visit: visitEntity as unknown as AnyEntity,
  quote: quoteEntity as unknown as AnyEntity,
  invoice: invoiceEntity as unknown as AnyEntity,
  payment: paymentEntity as unknown as AnyEntity,
};

/** An item's history, newest first, for items the session can see. */
export async function listHistory(db: Db, session: SessionContext, query: z.output<typeof historyQuerySchema>) {
  if (query.type === "organization") await getOrganization(db, session, query.id);
  else if (query.type === "file") await findFile(db, session, query.id);
  else if (query.type === "tax_rate") await findOrganizationRow(db, session, taxRateEntity, query.id);
  else if (query.type === "price_item") await findOrganizationRow(db, session, priceItemEntity, query.id);
  else await getItem(db, session, entities[query.type], query.id);
  return readHistory(db, session.organizationId, query.type, query.id);
}
