import { GET } from "@/app/api/api/quote/route";
import { withFirstPage } from "@/lib/server/first-page";
import { QuoteListScreen } from "./list-screen";

export default withFirstPage("/quote", GET, QuoteListScreen);
