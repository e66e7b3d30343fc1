/** Who may be assigned work: the active members the session sees (everyone at organization level), by name. */
export const ACTIVE_MEMBERS_PATH = "/member?status=active&sort=name%3Aasc&limit=500";
