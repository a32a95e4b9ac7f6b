# One image holds every app; docker-compose.yml runs it once per process with a different command.
# Two stages: the build needs the dev dependencies (TypeScript, Nx, Vite); the image keeps only what runs.
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

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/server/package.json libs/server/
COPY libs/testing/package.json libs/testing/
COPY libs/web-client/package.json libs/web-client/
COPY libs/web-ui/package.json libs/web-ui/
COPY tools/mailcatcher/package.json tools/mailcatcher/
# Production dependencies only: no compiler, bundler or test runner in the image a service runs from.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The built code and the files it reads at run time (apps resolve @fodmap/* through the libs' dist).
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
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
# The image's own unprivileged user (uid 1000): a process that is broken into cannot change the image's files.
USER node
EXPOSE 3000
CMD ["node", "apps/gateway/dist/main.js"]
