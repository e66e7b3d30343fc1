/** The shared e2e server's reply-address domain and the secret its inbound webhook takes (e2e/serve.mjs sets them). */
export const E2E_INBOUND_DOMAIN = "reply.craftdesk.test";
export const E2E_INBOUND_SECRET = "e2e-inbound-secret-0123456789";
