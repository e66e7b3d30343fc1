import { describe, expect, it } from "vitest";
import { businessDetailsSchema } from "@/lib/schemas/business";
import { businessPayload, businessValues } from "./business-values";

const STORED = {
  legal_name: "Sanitär Huber GmbH",
  city: "München",
  country: "DE" as const,
  vat_number: "DE123456789",
  bank: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  currency: "EUR",
  payment_terms_days: 30,
  hours: { mon: [{ from: "07:30", to: "17:00" }], sun: [] },
};

describe("the business details form", () => {
  it("shows stored details for editing and sends back what it shows, as stored", () => {
    const values = businessValues(STORED);
    expect(values["business.legal_name"]).toBe("Sanitär Huber GmbH");
    expect(values["business.line1"]).toBe("");
    expect(values["business.time_zone"]).toBeNull();
    expect(values["business.payment_terms_days"]).toBe("30");
    expect(values["business.bank"]).toEqual({ iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" });
    expect(businessDetailsSchema.parse(businessPayload(values).business)).toEqual(STORED);
  });

  it("leaves out what is empty, so a location keeps only what differs", () => {
    const values = { ...businessValues({}), "business.phone": "040 987654", "business.bank": null };
    expect(businessPayload(values)).toEqual({ business: { phone: "040 987654" } });
    expect(businessPayload({ ...values, "business.phone": "  ", "business.bank": { iban: "", bic: " " } })).toEqual({ business: {} });
  });

  it("sends payment terms as a number of days, and anything else as typed for the server to refuse", () => {
    const values = businessValues({});
    expect(businessPayload({ ...values, "business.payment_terms_days": " 0 " })).toEqual({ business: { payment_terms_days: 0 } });
    expect(businessPayload({ ...values, "business.payment_terms_days": "" })).toEqual({ business: {} });
    const odd = businessPayload({ ...values, "business.payment_terms_days": "two weeks" }).business;
    expect(businessDetailsSchema.safeParse(odd).error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["payment_terms_days", "validation.business.paymentTerms"]]);
    expect(businessDetailsSchema.safeParse({ payment_terms_days: 366 }).error?.issues.map((issue) => issue.message)).toEqual(["validation.business.paymentTerms"]);
  });

  it("shows a UK account's sort code the way it is written", () => {
    expect(businessValues({ bank: { account_number: "31926819", sort_code: "601613" } })["business.bank"]).toEqual({
      account_number: "31926819",
      sort_code: "60-16-13",
    });
  });
});
