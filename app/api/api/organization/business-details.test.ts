import { describe, expect, it } from "vitest";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getLocation, PATCH as patchLocation } from "@/app/api/api/location/[id]/route";
import { GET, PATCH } from "@/app/api/api/organization/[id]/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const patch = (id: string, cookie: string, business: unknown) =>
  call(PATCH, "PATCH", `/organization/${id}`, { cookie, params: { id }, body: { business } });

const DETAILS = {
  legal_name: "Sanitär Huber GmbH",
  line1: "Hauptstraße 5",
  zip: "80331",
  city: "München",
  country: "DE",
  phone: "089 1234567",
  email: "Buero@Huber.example",
  website: "huber.example",
  vat_number: "123 456 789",
  registration_number: "HRB 12345",
  bank: { iban: "de89 3704 0044 0532 0130 00", bic: "COBA DE FF XXX" },
  currency: "eur",
  time_zone: "Europe/Berlin",
  hours: { mon: [{ from: "07:30", to: "12:00" }, { from: "13:00", to: "17:00" }], sat: [] },
};

describe("business details", () => {
  it("are kept as the documents will print them, and recorded", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await patch(org.organizationId, org.cookie, DETAILS);
    expect(res.status).toBe(200);
    const read = await call(GET, "GET", `/organization/${org.organizationId}`, { cookie: org.cookie, params: { id: org.organizationId } });
    expect(read.body.business).toEqual({
      ...DETAILS,
      line2: undefined,
      state: undefined,
      email: "buero@huber.example",
      website: "https://huber.example",
      vat_number: "DE123456789",
      bank: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
      currency: "EUR",
    });
    const history = await call(getHistory, "GET", `/history?type=organization&id=${org.organizationId}`, { cookie: org.cookie });
    expect(history.body.items[0].changes.business[0]).toEqual({});
    expect(history.body.items[0].changes.business[1].vat_number).toBe("DE123456789");
  });

  it("take a UK account number and sort code instead of an IBAN", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await patch(org.organizationId, org.cookie, { country: "GB", vat_number: "GB 123 4567 89", bank: { account_number: "31926819", sort_code: "60-16-13" }, currency: "GBP" });
    expect(res.status).toBe(200);
    expect(res.body.business.bank).toEqual({ account_number: "31926819", sort_code: "601613" });
  });

  it("refuse what no document may print, naming the field", async () => {
    const org = await signUpOrganization(mailbox);
    const refused = async (business: unknown) => {
      const res = await patch(org.organizationId, org.cookie, business);
      expect(res.status).toBe(400);
      return res.body.errors as { path: string; message: string }[];
    };
    expect(await refused({ bank: { iban: "DE89 3704 0044 0532 0130 01" } })).toEqual([
      { path: "business.bank.iban", message: "The IBAN's check digits do not match: check it for a typo" },
    ]);
    expect(await refused({ country: "DE", vat_number: "12345678" })).toEqual([
      { path: "business.vat_number", message: "A VAT number of DE looks like DE123456789" },
    ]);
    expect((await refused({ time_zone: "Europe/Munich" }))[0].path).toBe("business.time_zone");
    expect((await refused({ currency: "EURO" }))[0].path).toBe("business.currency");
    expect((await refused({ hours: { mon: [{ from: "17:00", to: "08:00" }] } }))[0].path).toBe("business.hours.mon.0.to");
    expect((await refused({ bank: { account_number: "123", sort_code: "601613" } }))[0].path).toBe("business.bank.account_number");
  });

  it("of a location keep only where it differs, and are the admins' to change", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId);
    const res = await call(patchLocation, "PATCH", `/location/${north.id}`, {
      cookie: org.cookie,
      params: { id: north.id },
      body: { business: { phone: "040 987654", bank: { iban: "GB29 NWBK 6016 1331 9268 19" } } },
    });
    expect(res.status).toBe(200);
    const read = await call(getLocation, "GET", `/location/${north.id}`, { cookie: org.cookie, params: { id: north.id } });
    expect(read.body.business).toEqual({ phone: "040 987654", bank: { iban: "GB29NWBK60161331926819", bic: null } });

    const staff = await addMember(org.organizationId);
    expect((await patch(org.organizationId, await logInAs(staff.email), DETAILS)).status).toBe(403);
  });
});
