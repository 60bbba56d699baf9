import { spawnSync } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ScriptGlueType } from '../../../src/main/executor/glue'
import type { ExecutorOptions } from '../../../src/main/executor/executor-types'
import { makeTempDir, triggerParam } from '../../support/executor-fixtures'
import { startInProcessExecutor, type InProcessExecutor } from '../../support/executor-in-process'

/** True when `command` starts on this machine (checked once per file). */
function has(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).error === undefined
}

/**
 * One script per glue type that prints its arguments (param, shard index, shard total) and exits 0.
 * `needs` is the interpreter the machine must have; .ci/run installs python3 and php-cli from
 * Debian; pwsh is not in Debian, and Debian 12 has no Python 2 (`python` exists only as
 * python-is-python3), so those two run where they are installed and are skipped by name elsewhere.
 */
const SCRIPTS: Record<ScriptGlueType, { needs: string | null; source: string }> = {
  GLUE_SHELL: { needs: 'bash', source: 'echo "shell got $1 $2/$3"\n' },
  GLUE_PYTHON: { needs: 'python3', source: 'import sys\nprint("python got %s %s/%s" % (sys.argv[1], sys.argv[2], sys.argv[3]))\n' },
  GLUE_PYTHON2: { needs: 'python', source: 'import sys\nprint("python2 got %s %s/%s" % (sys.argv[1], sys.argv[2], sys.argv[3]))\n' },
  // No interpreter needed: GLUE_NODEJS runs with the executor's own runtime.
  GLUE_NODEJS: {
    needs: null,
    source: 'const [, , param, index, total] = process.argv\nconsole.log(`nodejs got ${param} ${index}/${total} with ${process.execPath}`)\n',
  },
  GLUE_PHP: { needs: 'php', source: '<?php\necho "php got {$argv[1]} {$argv[2]}/{$argv[3]}\\n";\n' },
  GLUE_POWERSHELL: { needs: 'pwsh', source: 'Write-Output "powershell got $($args[0]) $($args[1])/$($args[2])"\n' },
}
const PREFIX: Record<ScriptGlueType, string> = {
  GLUE_SHELL: 'shell',
  GLUE_PYTHON: 'python',
  GLUE_PYTHON2: 'python2',
  GLUE_NODEJS: 'nodejs',
  GLUE_PHP: 'php',
  GLUE_POWERSHELL: 'powershell',
}

let target: InProcessExecutor | undefined
afterEach(async () => {
  await target?.teardown()
  target = undefined
})

async function runScript(glueType: ScriptGlueType, source: string, options: Pick<ExecutorOptions, 'nodeInterpreter'> = {}) {
  target ??= await startInProcessExecutor({ enableScripts: true, ...options })
  const param = triggerParam({ jobId: 71, glueType, executorHandler: '', glueSource: source, executorParams: 'p-7', broadcastIndex: 1, broadcastTotal: 3 })
  expect((await target.api.run(param)).code).toBe(200)
  const callback = await target.waitForCallback(param.logId)
  const page = await target.api.log({ logId: param.logId, logDateTime: param.logDateTime, fromLineNum: 1 })
  return { callback, log: page.data?.logContent ?? '' }
}

describe.skipIf(process.platform === 'win32')('GLUE scripts run to success with each interpreter', () => {
  for (const [glueType, script] of Object.entries(SCRIPTS) as [ScriptGlueType, (typeof SCRIPTS)[ScriptGlueType]][]) {
    const missing = script.needs !== null && !has(script.needs)
    // The title says what was skipped and why: scripts/test-all.mjs lists skipped titles.
    it.skipIf(missing)(
      `${glueType} prints its arguments and exits 0${missing ? ` (skipped: "${script.needs}" is not installed on this machine)` : ''}`,
      async () => {
        const { callback, log } = await runScript(glueType, script.source)
        expect(callback).toMatchObject({ handleCode: 200 })
        expect(log).toContain(`${PREFIX[glueType]} got p-7 1/3`)
      },
    )
  }

  it("GLUE_NODEJS runs with the executor's own runtime, not a node found on PATH", async () => {
    const { log } = await runScript('GLUE_NODEJS', SCRIPTS.GLUE_NODEJS.source)
    expect(log).toContain(`with ${process.execPath}`)
  })

  it('GLUE_NODEJS runs with the configured interpreter when one is given', async () => {
    const dir = await makeTempDir('jobdesk-interpreter-')
    try {
      // A wrapper that says it ran, then hands over to Node.
      const wrapper = join(dir.dir, 'my-node')
      writeFileSync(wrapper, `#!/bin/sh\necho "via my-node"\nexec "${process.execPath}" "$@"\n`)
      chmodSync(wrapper, 0o755)
      const { callback, log } = await runScript('GLUE_NODEJS', SCRIPTS.GLUE_NODEJS.source, { nodeInterpreter: wrapper })
      expect(callback.handleCode).toBe(200)
      expect(log).toContain('via my-node')
      expect(log).toContain('nodejs got p-7 1/3')
    } finally {
      await dir.remove()
    }
  })
})
