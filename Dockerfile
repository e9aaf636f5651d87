# syntax=docker/dockerfile:1
# Unstuck: one image serves the web app, the REST API, the embedded sign-in and agent-1.
# Build: docker build -t unstuck .   Run: see compose.yaml and the README's "Deploy" section.

# 1. Build with the dev dependencies (TypeScript, Vite, esbuild).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only what runs: production dependencies and the two builds.
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
# git serves the embedded local code repositories (git http-backend); tini runs as PID 1 so that
# signals reach Node and exited child processes (git) are reaped instead of lingering as zombies.
RUN apt-get update && apt-get install -y --no-install-recommends git tini && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && mkdir -p /app/data && chown node:node /app/data
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/web/dist-ssr web/dist-ssr
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# The port the server listens on (PORT, which a deployment may change), not a fixed 3000.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server/dist/main.js"]
