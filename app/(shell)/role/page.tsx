import { GET } from "@/app/api/api/role/route";
import { withFirstPage } from "@/lib/server/first-page";
import { RoleListScreen } from "./list-screen";

export default withFirstPage("/role", GET, RoleListScreen);
