import { GET } from "@/app/api/api/location/route";
import { withFirstPage } from "@/lib/server/first-page";
import { LocationListScreen } from "./list-screen";

export default withFirstPage("/location", GET, LocationListScreen);
