import { GET } from "@/app/api/api/customer/route";
import { withFirstPage } from "@/lib/server/first-page";
import { CustomerListScreen } from "./list-screen";

export default withFirstPage("/customer", GET, CustomerListScreen);
