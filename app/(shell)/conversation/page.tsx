import { GET } from "@/app/api/api/conversation/route";
import { withFirstPage } from "@/lib/server/first-page";
import { ConversationListScreen } from "./list-screen";

export default withFirstPage("/conversation", GET, ConversationListScreen);
