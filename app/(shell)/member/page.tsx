import { GET } from "@/app/api/api/member/route";
import { withFirstPage } from "@/lib/server/first-page";
import { MemberListScreen } from "./list-screen";

export default withFirstPage("/member", GET, MemberListScreen);
