export { organization, location } from "./organization";
export { role, member } from "./member";
export { session, oneTimeCode, rateLimit, apiToken } from "./auth";
export { history, notification } from "./activity";
export { file } from "./file";
export { customer } from "./customer";
export { projectType, project } from "./project";
export { conversation, conversationRead, message } from "./conversation";
export { mailbox, oauthState } from "./mailbox";
