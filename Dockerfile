FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Dev dependencies are needed for `next build`; argon2 uses its bundled prebuilds.
# npm ci rejects the current lockfile (it lacks other platforms' optional packages,
# e.g. @next/swc-darwin-*); npm install keeps the locked versions and adds only those.
RUN npm ci || npm install --no-audit --no-fund

FROM node:22-slim AS build
WORKDIR /app
# Standalone output only here: `npm start` serves a regular build with `next start`.
ENV NEXT_TELEMETRY_DISABLED=1 \
    NEXT_OUTPUT=standalone
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# public/ may not exist in the repo; the runtime stage copies it unconditionally.
RUN mkdir -p public && npm run build

FROM node:22-slim AS runtime
WORKDIR /app
# NEXT_MANUAL_SIG_HANDLE: SIGTERM is handled by the app (lib/server/shutdown.ts), which
# lets requests and running jobs finish and closes the database before exiting.
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    NEXT_MANUAL_SIG_HANDLE=1 \
    LOG_LEVEL=info \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/app/data
# Owned by node as in Next.js's own example: the server writes its cache under .next.
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# Applied at start-up from process.cwd()/migrations; copied explicitly, not left to tracing.
COPY --from=build /app/migrations ./migrations
# The fonts documents embed, read from process.cwd()/lib/documents/fonts when a PDF is made; likewise explicit.
COPY --from=build /app/lib/documents/fonts ./lib/documents/fonts
# Created before VOLUME so a fresh named volume inherits the node ownership.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
# Ready: the database answers, its migrations are applied and the background jobs run.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
