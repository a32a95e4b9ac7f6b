# One image holds every app; docker-compose.yml and k8s/ run it once per process with a different command.
# Three stages: the build needs the dev dependencies (TypeScript, Nx, Vite); the production dependencies are installed
# on their own; the image keeps only what runs: no compiler, bundler, test runner or package manager.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Every workspace's package.json, so that npm ci sees the same workspaces as the lock file.
COPY libs/contracts/package.json libs/contracts/
COPY libs/server/package.json libs/server/
COPY libs/testing/package.json libs/testing/
COPY libs/web-client/package.json libs/web-client/
COPY libs/web-ui/package.json libs/web-ui/
COPY tools/mailcatcher/package.json tools/mailcatcher/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/libs/contracts/package.json libs/contracts/
COPY --from=build /app/libs/server/package.json libs/server/
COPY --from=build /app/libs/testing/package.json libs/testing/
COPY --from=build /app/libs/web-client/package.json libs/web-client/
COPY --from=build /app/libs/web-ui/package.json libs/web-ui/
COPY --from=build /app/tools/mailcatcher/package.json tools/mailcatcher/
# Production dependencies only. The SPAs' libraries (React, MUI and the rest) are dev dependencies: Vite bundles them
# into apps/*/dist at build time, and no server process loads them.
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Nothing in the running image installs or builds code: the base image's npm, npx, corepack and yarn go.
RUN rm -rf /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
COPY --from=dependencies /app/package.json ./
COPY --from=dependencies /app/node_modules node_modules
# The built code and the files it reads at run time; node_modules/@fodmap/{contracts,server} link to these libs.
COPY --from=build /app/libs/contracts/package.json libs/contracts/
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server/package.json libs/server/
COPY --from=build /app/libs/server/dist libs/server/dist
COPY --from=build /app/apps/gateway/dist apps/gateway/dist
COPY --from=build /app/apps/gateway/public apps/gateway/public
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
COPY --from=build /app/apps/identity/dist apps/identity/dist
COPY --from=build /app/apps/journal/dist apps/journal/dist
COPY --from=build /app/apps/journal/data apps/journal/data
COPY --from=build /app/apps/foods/dist apps/foods/dist
COPY --from=build /app/apps/foods/data apps/foods/data
COPY --from=build /app/apps/insights/dist apps/insights/dist
COPY --from=build /app/apps/notifications/dist apps/notifications/dist
COPY docker/healthcheck.mjs docker/
# The image's own unprivileged user (uid 1000): a process that is broken into cannot change the image's files.
USER node
# 3000: the gateway's HTTP; 9464: every process's operations port (/metrics, /health/live, /health/ready).
EXPOSE 3000 9464
# Liveness of whichever process runs (docker/healthcheck.mjs), on the operations port; start-up includes migrations.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "docker/healthcheck.mjs"]
CMD ["node", "apps/gateway/dist/main.js"]
