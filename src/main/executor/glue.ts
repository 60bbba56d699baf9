import { GLUE_TYPES, type GlueType } from '../../shared/model'

/** How a script glue type runs (docs/protocol.md#glue-types, 3.x interpreters). */
export interface ScriptKind {
  command: string
  suffix: string
}

export const SCRIPT_KINDS = {
  GLUE_SHELL: { command: 'bash', suffix: '.sh' },
  GLUE_PYTHON: { command: 'python3', suffix: '.py' },
  GLUE_PYTHON2: { command: 'python', suffix: '.py' },
  GLUE_NODEJS: { command: 'node', suffix: '.js' },
  GLUE_PHP: { command: 'php', suffix: '.php' },
  GLUE_POWERSHELL: { command: 'pwsh', suffix: '.ps1' },
} as const satisfies Partial<Record<GlueType, ScriptKind>>

export type ScriptGlueType = keyof typeof SCRIPT_KINDS

export function isGlueType(value: string): value is GlueType {
  return (GLUE_TYPES as readonly string[]).includes(value)
}

export function isScriptGlueType(value: string): value is ScriptGlueType {
  return Object.hasOwn(SCRIPT_KINDS, value)
}
