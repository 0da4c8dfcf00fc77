# The api and worker image (Node 24 LTS). Build: docker build -t notetaker .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY api api
COPY domain domain
COPY db db
COPY workflows workflows
COPY activities activities
COPY worker worker
COPY runtime runtime
COPY scripts scripts
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
USER node
EXPOSE 3000
CMD ["node", "dist/scripts/start.js"]
