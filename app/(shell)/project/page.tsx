import { GET } from "@/app/api/api/project/route";
import { withFirstPage } from "@/lib/server/first-page";
import { ProjectListScreen } from "./list-screen";

export default withFirstPage("/project", GET, ProjectListScreen);
