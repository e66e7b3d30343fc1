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

/** What belongs to a customer: its sites. */
export const customerPartRows: Row[] = [...partRows(SITE)];
