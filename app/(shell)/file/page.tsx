import { GET } from "@/app/api/api/file/route";
import { withFirstPage } from "@/lib/server/first-page";
import { FileListScreen } from "./list-screen";

export default withFirstPage("/file", GET, FileListScreen);
