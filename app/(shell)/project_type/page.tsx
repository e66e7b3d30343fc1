import { GET } from "@/app/api/api/project_type/route";
import { withFirstPage } from "@/lib/server/first-page";
import { ProjectTypeListScreen } from "./list-screen";

export default withFirstPage("/project_type", GET, ProjectTypeListScreen);
