import { z } from "./z";

/** The accountant's export formats. */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** At most this many rows in one export: a longer period is refused, to be taken in parts. */
export const EXPORT_MAX_ROWS = 20_000;

/**
 * GET /invoice/export and /payment/export: the format, and the period (days, both
 * included) by issue date for invoices and by payment date for payments; open at
 * either end when left out.
 */
export const exportQuerySchema = z
  .strictObject({
    format: z.enum(EXPORT_FORMATS).default("csv"),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ["to"], error: "validation.invoiceExport.range" });

export type ExportQuery = z.output<typeof exportQuerySchema>;
