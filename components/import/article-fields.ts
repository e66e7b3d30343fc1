import type { CheckedField } from "@/lib/import/check-sheet";

/** An EAN-8 or EAN-13 ends with a check digit over the others, weighted 3 and 1 from the right. */
function eanCheckDigitOk(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** The demo's importable article fields (spec §3). */
export const ARTICLE_FIELDS: CheckedField[] = [
  { id: "id", label: "ID", required: true, type: "string", description: "Title ID: the primary id of the article; could be the bar code" },
  { id: "title", label: "Title", required: true, type: "string" },
  { id: "description", label: "Description", type: "string" },
  {
    id: "ean",
    label: "EAN",
    description: "Bar codes of 8 or 13 digits; several separated by commas",
    list: true,
    check: (value) => {
      if (!/^\d+$/.test(value)) return { error: "invalid", reason: "not_a_number", message: "An EAN has digits only" };
      if (value.length !== 8 && value.length !== 13) return { error: "invalid", reason: "out_of_bounds", message: "An EAN has 8 or 13 digits" };
      if (!eanCheckDigitOk(value)) return { error: "invalid", reason: "invalid_number", message: "The check digit does not match" };
      return null;
    },
  },
];
