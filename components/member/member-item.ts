import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";
import type { memberView } from "@/lib/entities/member";
import type { Jsonify } from "@/lib/schemas/jsonify";
import { optionsOf } from "@/components/browse/common-filters";

/** A member as GET /member and GET /member/{id} answer it. */
export type MemberItem = Jsonify<ReturnType<typeof memberView>>;

export const MEMBER_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED);
