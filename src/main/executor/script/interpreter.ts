import { SCRIPT_KINDS, type ScriptGlueType } from '../glue'

/** How a script glue's interpreter is started. */
export interface Interpreter {
  command: string
  /** Added to the child's environment. */
  env: Record<string, string>
  /** Shown in messages ("… is not on this executor's PATH", "configured with --node-interpreter"). */
  origin: 'path' | 'app runtime' | 'configured'
}

export interface RuntimeFacts {
  execPath: string
  /** process.versions.electron: set when this process is the Electron binary. */
  electronVersion: string | undefined
}

export const CURRENT_RUNTIME: RuntimeFacts = { execPath: process.execPath, electronVersion: process.versions.electron }

/**
 * The interpreter for a script glue type. GLUE_NODEJS runs with the app's own runtime unless the
 * operator configured one (`--node-interpreter`, ExecutorOptions.nodeInterpreter): a desktop user
 * may have no `node` on PATH, and the one there may be any version. The Electron binary acts as
 * plain Node only with ELECTRON_RUN_AS_NODE=1, so that is set for it (and only for it: the variable
 * would otherwise reach every Electron app the script starts). Other types run their command from
 * PATH (XXL-JOB's rule).
 */
export function interpreterFor(glueType: ScriptGlueType, nodeInterpreter: string | undefined, runtime: RuntimeFacts = CURRENT_RUNTIME): Interpreter {
  if (glueType !== 'GLUE_NODEJS') return { command: SCRIPT_KINDS[glueType].command, env: {}, origin: 'path' }
  if (nodeInterpreter !== undefined) return { command: nodeInterpreter, env: {}, origin: 'configured' }
  return { command: runtime.execPath, env: runtime.electronVersion ? { ELECTRON_RUN_AS_NODE: '1' } : {}, origin: 'app runtime' }
}
