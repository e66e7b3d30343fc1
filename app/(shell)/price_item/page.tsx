import { GET } from "@/app/api/api/price_item/route";
import { withFirstPage } from "@/lib/server/first-page";
import { PriceItemListScreen } from "./list-screen";

export default withFirstPage("/price_item", GET, PriceItemListScreen);
