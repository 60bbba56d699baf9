// `npm run typecheck`: both TypeScript projects, as `npm test` checks them (scripts/test-suites.mjs).
import { runTool, TYPECHECK_CONFIGS, typecheckArgs } from './test-suites.mjs'

for (const config of TYPECHECK_CONFIGS) {
  const exitCode = runTool('npx', typecheckArgs(config))
  if (exitCode !== 0) process.exit(exitCode)
}
