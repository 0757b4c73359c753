#!/usr/bin/env bash
# Type-checks sst.config.ts and stacks/ against SST's real argument types (`npm run typecheck`).
# The types are SST's platform sources, which `sst install` copies out of the CLI into .sst/platform
# (git-ignored). The two variables skip SST's downloads of Pulumi and Bun, which `install` does not
# need, so this works offline with only the npm registry; it is redone when the sst package changes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

wanted="$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync("node_modules/sst/package.json", "utf8")).version)')"
installed="$(cat .sst/platform/version 2>/dev/null || true)"
if [ ! -f .sst/platform/config.d.ts ] || [ "$installed" != "$wanted" ]; then
  echo "Writing SST $wanted platform types to .sst/platform (sst install, about 30 s)..."
  SST_SKIP_DEPENDENCY_CHECK=1 SST_NO_BUN=1 SST_TELEMETRY_DISABLED=1 npx sst install --stage typecheck
fi
npx tsc -p tsconfig.infra.json
