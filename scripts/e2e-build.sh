#!/usr/bin/env bash
# A private build of the product for browser tests: E2E_BUILD_DIR=<dir> npx vitest run --project e2e <file>.
# The folder must be inside the repository so the bundle finds node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:?usage: scripts/e2e-build.sh .e2e-builds/<name>}"
node scripts/bundle.mjs services/api/src/server.ts "$dir/server.js"
(cd apps/web && npx vite build --logLevel warn --outDir "$(cd .. && cd .. && realpath -m "$dir")/web" --emptyOutDir)
echo "built into $dir"
