import type { CheckedField } from "@/lib/import/check-sheet";

/** An EAN-8 or EAN-13 ends with a check digit over the others, weighted 3 and 1 from the right. */
function eanCheckDigitOk(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

type Translate = (key: string) => string;

/** The demo's importable article fields (spec §3), named in the page's language: headers in it are mapped to them too. */
export const articleFields = (t: Translate): CheckedField[] => [
  { id: "id", label: t("import.article.id"), required: true, type: "string", description: t("import.article.idDescription") },
  { id: "title", label: t("import.article.title"), required: true, type: "string" },
  { id: "description", label: t("import.article.description"), type: "string" },
  {
    id: "ean",
    label: t("import.article.ean"),
    description: t("import.article.eanDescription"),
    list: true,
    check: (value) => {
      if (!/^\d+$/.test(value)) return { error: "invalid", reason: "not_a_number", message: t("import.article.notANumber") };
      if (value.length !== 8 && value.length !== 13) return { error: "invalid", reason: "out_of_bounds", message: t("import.article.length") };
      if (!eanCheckDigitOk(value)) return { error: "invalid", reason: "invalid_number", message: t("import.article.checkDigit") };
      return null;
    },
  },
];
