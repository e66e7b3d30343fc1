import type { Metadata } from "next";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API documentation · Craftdesk" };

// The reference reads the same document scripts can fetch, GET /api/api/openapi.json; it needs no session.
export default function ApiDocsPage() {
  return <ApiReference />;
}
