/** The organization as GET /organization/{id} answers it; mailbox tokens never leave the server. */
export type OrganizationItem = {
  id: string;
  name: string;
  color: string;
  image: string | null;
  language: string;
  oauth: { type: "google" | "microsoft"; email: string } | null;
  created: string;
  updated: string;
};
