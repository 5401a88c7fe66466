# Production image: build both workspaces, then run the compiled server with only the backend's
# runtime packages (no embedded PostgreSQL, Auth Emulator, build or test tools).
FROM node:24.18.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY packages/rules/package.json packages/rules/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.18.0-bookworm-slim
# npm (for `npm run admin`) keeps its cache and logs in /tmp: everything else is read-only.
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data NPM_CONFIG_CACHE=/tmp/npm-cache NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY packages/rules/package.json packages/rules/
RUN npm ci --omit=dev --workspace backend --include-workspace-root=false --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/packages/rules/dist packages/rules/dist
COPY --from=build /app/backend/seed-images backend/seed-images
COPY --from=build /app/frontend/dist frontend/dist
# /app stays root's (read-only to the app); the one place it writes is the data volume, which
# belongs to the `node` user it runs as. With the S3_* settings nothing is written there at all.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:4000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Node.js settings as backend/node-args.json (a test holds the two together).
CMD ["node", "--max-semi-space-size=64", "backend/dist/main.js"]
