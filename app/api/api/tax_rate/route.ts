import { taxRateCreateSchema, taxRateListQuerySchema } from "@/lib/schemas/tax-rate";
import { route } from "@/lib/server/route";
import { createTaxRate, listTaxRates } from "@/lib/services/tax-rate";

// GET /api/api/tax_rate — the organization's tax rates
export const GET = route({ query: taxRateListQuerySchema }, ({ db, session, query }) => listTaxRates(db, session, query));

// POST /api/api/tax_rate — add a tax rate
export const POST = route({ body: taxRateCreateSchema, privilege: "admin", status: 201 }, ({ db, session, body }) => createTaxRate(db, session, body));
