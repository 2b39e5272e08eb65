# syntax=docker/dockerfile:1
# Build stage: compiles native modules (better-sqlite3, argon2), the server, the site and the back-office.
FROM node:24-bookworm AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime stage: only what runs, as a non-root user. Migrations run in the one-shot `migrate`
# service of the compose file (and are checked again, under a lock, at each start-up).
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production SCARF_ANALYTICS=false PORT=3000 DATA_DIR=/data UPLOAD_DIR=/data/uploads OUTBOX_DIR=/data/outbox \
    NODE_COMPILE_CACHE=/app/.compile-cache
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/site/dist ./site/dist
COPY --from=build --chown=node:node /app/site/dist-ssr ./site/dist-ssr
COPY --from=build --chown=node:node /app/admin/dist ./admin/dist
COPY --chown=node:node deploy/docker-entrypoint.sh ./docker-entrypoint.sh
RUN mkdir -p /data/uploads /data/outbox /app/.compile-cache && chown -R node:node /data /app/.compile-cache
USER node
# Fills the compile cache (src/compile-cache.ts) with the server's modules and the site's render
# bundle, on this image's own Node: each start then reads their bytecode instead of compiling it.
RUN node -e "require('./dist/src/configure-app'); require('./site/dist-ssr/entry-server.cjs')"
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# `serve` (the default), `migrate`, `create-admin …`, `backup`/`restore`: see docker-entrypoint.sh.
ENTRYPOINT ["./docker-entrypoint.sh"]
CMD ["serve"]
