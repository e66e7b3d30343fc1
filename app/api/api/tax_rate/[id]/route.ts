import { taxRateUpdateSchema } from "@/lib/schemas/tax-rate";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getTaxRate, updateTaxRate } from "@/lib/services/tax-rate";

// GET /api/api/tax_rate/{id} — one tax rate
export const GET = route({ params: idParams("Tax rate") }, ({ db, session, params }) => getTaxRate(db, session, params.id));

// PATCH /api/api/tax_rate/{id} — change, make the default, or archive a tax rate
export const PATCH = route({ params: idParams("Tax rate"), body: taxRateUpdateSchema, privilege: "admin" }, ({ db, session, params, body }) =>
  updateTaxRate(db, session, params.id, body),
);
