import { readFileSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * The folder a set of definition files was given as (`-f jobs/`, or a file's own folder for
 * `-f job.yaml`): everything the files make `jobdesk apply` read and upload stays inside it. A
 * definitions file comes from a repository that others can change, and a `sourceFile` is sent to the
 * server as a job's script, readable by anyone who sees the job: one pointing at
 * `/proc/self/environ`, at `../../.ssh/` or through a symlink out of the checkout would upload the
 * machine's secrets (the CI runner's API token among them).
 */
export interface DefinitionsRoot {
  /** Absolute, as given (symlinks not followed). */
  readonly path: string
  /** Absolute with every symlink resolved: what "inside" is measured against. */
  readonly real: string
  /** How messages name it: relative to the working directory, or `.`. */
  readonly name: string
}

export function definitionsRoot(path: string, cwd: string): DefinitionsRoot {
  return { path, real: realpathSync(path), name: relative(cwd, path) || '.' }
}

/** Whether `path` is `root` or below it; both absolute and normalized. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`))
}

type ScriptText = { ok: true; text: string } | { ok: false; message: string }

/**
 * A job's `glue.sourceFile`: a path relative to its definitions file's `folder`, read only when it
 * is a regular file whose real path (every symlink resolved) is inside `root`. Absolute paths are
 * refused whatever they name, so a repository's files mean the same on every machine.
 */
export function readSourceFile(root: DefinitionsRoot, folder: string, value: string): ScriptText {
  const outside: ScriptText = { ok: false, message: `sourceFile outside ${root.name}: ${value}` }
  if (isAbsolute(value) || /^[a-zA-Z]:|^[\\/]/.test(value)) return outside
  const target = resolve(folder, value)
  if (!isInside(root.path, target)) return outside
  let real: string
  try {
    real = realpathSync(target)
  } catch (error) {
    return { ok: false, message: `cannot read ${value}: ${code(error)}` }
  }
  if (!isInside(root.real, real)) return outside
  try {
    // A FIFO or a device inside the folder would block or stream forever: only a regular file is a script.
    if (!statSync(real).isFile()) return { ok: false, message: `cannot read ${value}: not a regular file` }
    return { ok: true, text: readFileSync(real, 'utf8') }
  } catch (error) {
    return { ok: false, message: `cannot read ${value}: ${code(error)}` }
  }
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message
}
