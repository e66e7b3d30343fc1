import { redirect } from "next/navigation";

// Reference badges link every item as /{type}/{id}; the organization's screen is /organization.
export default function OrganizationReferencePage() {
  redirect("/organization");
}
