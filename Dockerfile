# One image for the API (which also serves the built web app) and the worker; compose picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# Chromium prints report PDFs in the worker (playwright-core drives the system browser).
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "services/api/dist/server.js"]
