# One image holds every app; docker-compose.yml runs it once per process with a different command.
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
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "apps/gateway/dist/main.js"]
