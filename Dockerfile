# syntax=docker/dockerfile:1
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci's postinstall applies the patch of route matching in @remix-run/router (docs/decisions/0003)
COPY patches ./patches
# a failed npm ci can exit 0 (npm 10's "Exit handler never called!"): stop here, not at the build
RUN npm ci --no-audit --no-fund && test -x node_modules/.bin/remix && test -f node_modules/better-sqlite3/build/Release/better_sqlite3.node

FROM deps AS build
COPY . .
# typescript is an optional peer of @remix-run/node, which npm prune keeps: nothing at run time needs it (23 MB)
RUN npm run build && npm prune --omit=dev && rm -rf node_modules/typescript

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATABASE_URL=/data/app.db \
    PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/server ./server
COPY --from=build /app/package.json ./package.json
RUN mkdir -p /data && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Continuous replication (docs/operations.md): set LITESTREAM_REPLICA_URL (+ LITESTREAM_ENDPOINT and keys
# for S3) and the server restores an empty /data from the replica, then runs under `litestream replicate`
# (the binary comes with npm ci: @flydotio/litestream-linux-x64; on arm64 install Litestream and set LITESTREAM_BIN).
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=32", "server/start.js"]
