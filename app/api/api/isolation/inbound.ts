import type { Row } from "@/test/isolation/cases";

export const inboundRows: Row[] = [];
