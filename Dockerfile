# The api and worker image (Node 24 LTS). Build: docker build -t notetaker .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The lock file leaves out other platforms' optional packages, so `npm ci` refuses it; `npm install` honours it.
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY api api
COPY services services
COPY representations representations
COPY domain domain
COPY db db
COPY workflows workflows
COPY activities activities
COPY worker worker
COPY runtime runtime
COPY scripts scripts
COPY types types
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
# The shared volume of media and files (docker-compose.yml mounts app-data here), writable by node.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "dist/scripts/start.js"]
