import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtIsCurrent } from './headless-child'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The app's process entries, by the name of their built file in out/main, and their sources. */
const SOURCES = {
  serve: 'src/main/serve.ts',
  'executor-agent': 'src/main/executor-agent.ts',
  'import-xxl': 'src/main/import-xxl-cli.ts',
  /** The `jobdesk` command (bin/jobdesk.mjs runs this built file). */
  cli: 'src/main/cli/cli.ts',
} as const

/**
 * Node's arguments to start one of the app's processes: built (`out/main/<name>.js`), as `npm run`
 * and an operator start it, when the build is of today's sources, which `npm test` makes sure of;
 * otherwise its source through tsx (a test file run alone after an edit). Through tsx a process
 * compiles its sources first: an agent took about 1.3 s more CPU that way.
 */
export function appEntryArgs(name: keyof typeof SOURCES): string[] {
  return builtIsCurrent() ? [join(ROOT, 'out', 'main', `${name}.js`)] : ['--import', 'tsx', join(ROOT, SOURCES[name])]
}
