import { GET } from "@/app/api/api/invoice/route";
import { withFirstPage } from "@/lib/server/first-page";
import { InvoiceListScreen } from "./list-screen";

export default withFirstPage("/invoice", GET, InvoiceListScreen);
