# syntax=docker/dockerfile:1
# Polymath's production image (issue 31, docs/deploy.md): Node 24, production dependencies only,
# the built web app, OCR language data and the bundled fonts, run as a non-root user.
# There is no container engine on the project's machines: CI proves what this image relies on by
# installing a clean copy with `npm ci --omit=dev` and serving the built app
# (apps/server/test/production-install.test.ts).

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, then the web app ------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/provider-fakes/package.json packages/provider-fakes/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY . .
RUN npm run build -w @polymath/web && node scripts/web-precompress.ts

# --- production dependencies only ------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/provider-fakes/package.json packages/provider-fakes/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev && npm cache clean --force

# --- runtime --------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# Debian's Russian OCR data (no npm package carries it); the other languages come from npm.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tesseract-ocr-rus ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    UV_THREADPOOL_SIZE=16
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY packages/shared packages/shared
COPY packages/provider-fakes packages/provider-fakes
COPY apps/server apps/server
COPY scripts/ocr-data.ts scripts/check-node.mjs scripts/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY apps/web/package.json apps/web/
# The OCR folder tesseract.js reads, assembled now instead of on the first photo.
RUN node scripts/ocr-data.ts \
  && rm -rf apps/server/test \
  && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: the database answers and the process is not draining (SIGTERM flips it to 503).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (docs/deploy.md): give the container SHUTDOWN_GRACE_MS plus 10 s to stop.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/index.ts"]
