import { fileUrl } from "@/lib/client/api";

/**
 * The organization's image as the tab's and home screen's icon while its members
 * work; the product's icon otherwise. React places the links in the document's
 * head, after the product's, so browsers take these.
 */
export function OrganizationIcon({ image }: { image: string | null }) {
  if (!image) return null;
  const href = fileUrl(image);
  return (
    <>
      <link rel="icon" href={href} />
      <link rel="apple-touch-icon" href={href} />
    </>
  );
}
