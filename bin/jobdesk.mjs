#!/usr/bin/env node
// The `jobdesk` command. It runs the built code in out/ and never builds: `npm run serve` and the
// other npm scripts stay the build-then-run conveniences. Two `jobdesk serve` started at once from
// one checkout therefore both start (two builds racing on out/ was how one of them died).
// The commands themselves are src/main/cli/ (docs/cli.md).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = new URL('../out/main/cli.js', import.meta.url)
if (!existsSync(cli)) {
  console.error(`jobdesk: ${fileURLToPath(cli)} is missing: build JobDesk first (npm run build)`)
  process.exit(2)
}
await import(cli.href)
