export const PRODUCT_NAME = "Craftdesk";

/**
 * The browser tab's title, most specific first: "Mia Miller · Customers · Craftdesk".
 * React puts it in the document's head wherever it is rendered.
 */
export function PageTitle({ parts }: { parts: string[] }) {
  return <title>{[...parts, PRODUCT_NAME].join(" · ")}</title>;
}
