import { GET as contactHistory } from "@/app/api/api/customer/[id]/contact/[contactId]/history/route";
import { GET as getContact, PATCH as patchContact } from "@/app/api/api/customer/[id]/contact/[contactId]/route";
import { GET as listContacts, POST as postContact } from "@/app/api/api/customer/[id]/contact/route";
import { GET as siteHistory } from "@/app/api/api/customer/[id]/site/[siteId]/history/route";
import { GET as getSite, PATCH as patchSite } from "@/app/api/api/customer/[id]/site/[siteId]/route";
import { GET as listSites, POST as postSite } from "@/app/api/api/customer/[id]/site/route";
import { partRows, type PartSpec } from "@/test/isolation/part-rows";
import type { Row } from "@/test/isolation/cases";

export const SITE: PartSpec = {
  segment: "site",
  param: "siteId",
  resource: "Site",
  list: listSites,
  create: postSite,
  get: getSite,
  patch: patchSite,
  history: siteHistory,
  createBody: (label) => ({ label, line1: "1 Mill Lane", country: "GB" }),
  changes: () => [{ label: "Hijacked" }, { access_notes: "The key is under the mat" }, { time_zone: "Asia/Tokyo" }, { status: "removed" }],
};

export const CONTACT: PartSpec = {
  segment: "contact",
  param: "contactId",
  resource: "Contact",
  list: listContacts,
  create: postContact,
  get: getContact,
  patch: patchContact,
  history: contactHistory,
  createBody: (name) => ({ name, role: "Tenant", email: "tenant@example.test", phone: "+447911123456" }),
  changes: () => [{ name: "Hijacked" }, { email: "thief@example.test" }, { receives_invoices: true }, { status: "removed" }],
};

/** What belongs to a customer: its sites and contacts. */
export const customerPartRows: Row[] = [...partRows(SITE), ...partRows(CONTACT)];
