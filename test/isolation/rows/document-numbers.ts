import { GET as getFormats, PATCH as patchFormats } from "@/app/api/api/organization/[id]/document_numbers/route";
import { call } from "@/test/api";
import type { Row } from "@/test/isolation/cases";
import { adminRow, readRow } from "./automatic-messages";

const path = (id: string) => `/organization/${id}/document_numbers`;
const read = (cookie: string | undefined, id: string) => call(getFormats, "GET", path(id), { cookie, params: { id } });
const change = (cookie: string | undefined, id: string) => call(patchFormats, "PATCH", path(id), { cookie, params: { id }, body: { quote: "HIJACK-{0000}" } });

/** The formats of document numbers: one organization's, read by its members, changed by its admins. */
export const documentNumbersRows: Row[] = [
  readRow("GET", "/organization/[id]/document_numbers", read),
  adminRow("PATCH", "/organization/[id]/document_numbers", change),
];
