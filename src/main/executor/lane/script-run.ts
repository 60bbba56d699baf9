import { HANDLE_CODE } from '../../../shared/model'
import { SCRIPT_KINDS, type ScriptGlueType } from '../glue'
import { scriptExitMsg } from '../executor-texts'
import { FRAME } from '../run-log/log-format'
import { writeGlueSource } from '../script/glue-source-file'
import { interpreterFor, type Interpreter } from '../script/interpreter'
import { startScriptProcess, type ScriptProcess } from '../script/script-process'
import type { ActiveRun } from './job-lane'

export interface ScriptRunHooks {
  logDir: string
  /** GLUE_NODEJS's interpreter when the operator configured one (default: the app's runtime). */
  nodeInterpreter: string | undefined
  /** A framework line (gets the log-line prefix). */
  writeLine(text: string): void
  /** A line of the script's own output, appended as is. */
  writeRaw(line: string): void
  onExit(code: number, msg: string | null): void
  /** Added to the script's environment (JOBDESK_ARTIFACTS_DIR). */
  env?: Record<string, string>
}

/**
 * Runs a script glue (docs/protocol.md#executor-rules, rule 7): `<interpreter> <file> <executorParams> <broadcastIndex>
 * <broadcastTotal>`, stdout and stderr into the run log, exit 0 → 200, else 500.
 */
export function startScriptRun(run: ActiveRun, hooks: ScriptRunHooks): ScriptProcess | null {
  const param = run.param
  const kind = SCRIPT_KINDS[param.glueType as ScriptGlueType]
  let file: string
  try {
    file = writeGlueSource(hooks.logDir, param.jobId, param.glueUpdatetime, kind.suffix, param.glueSource ?? '')
  } catch (error) {
    queueMicrotask(() => hooks.onExit(HANDLE_CODE.fail, `glue source file could not be written: ${(error as Error).message}`))
    return null
  }
  hooks.writeLine(FRAME.scriptFile(file))
  const args = [file, param.executorParams, String(param.broadcastIndex), String(param.broadcastTotal)]
  const interpreter = interpreterFor(param.glueType as ScriptGlueType, hooks.nodeInterpreter)
  let child: ScriptProcess
  try {
    // The job's env (its secrets' values) goes into the process's environment, never into its source;
    // the interpreter's own variables win (a desktop's node must stay node), and the run's own (its artifacts folder) last.
    child = startScriptProcess(interpreter.command, args, hooks.writeRaw, { ...param.env, ...interpreter.env, ...hooks.env })
  } catch (error) {
    queueMicrotask(() => hooks.onExit(HANDLE_CODE.fail, `script could not be started: ${(error as Error).message}`))
    return null
  }
  void child.exited.then((exit) => {
    if (exit.startError) {
      const reason =
        exit.startError.code === 'ENOENT'
          ? notFoundMsg(interpreter, param.glueType)
          : `script could not be started with "${interpreter.command}": ${exit.startError.message}`
      hooks.onExit(HANDLE_CODE.fail, reason)
    } else if (exit.exitCode === 0) hooks.onExit(HANDLE_CODE.success, null)
    else hooks.onExit(HANDLE_CODE.fail, scriptExitMsg(exit.exitCode))
  })
  return child
}

function notFoundMsg(interpreter: Interpreter, glueType: string): string {
  switch (interpreter.origin) {
    case 'configured':
      return `script interpreter not found: "${interpreter.command}" (the configured Node interpreter, --node-interpreter) does not exist on this executor (needed for ${glueType})`
    case 'app runtime':
      return `script interpreter not found: this executor's own runtime "${interpreter.command}" is gone (needed for ${glueType})`
    case 'path':
      return `script interpreter not found: "${interpreter.command}" is not on this executor's PATH (needed for ${glueType})`
  }
}
