import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs'
import { lstat, mkdir, open as openFile, readdir, rename, rm, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { artifactNameProblem, formatBytes, type ArtifactView } from '../../shared/artifacts-api'
import type { Logger } from '../kernel/logger'
import type { Repos } from '../store/store'
import { sniffContentType } from './content-type'

/** How much a run may leave behind (docs/artifacts.md#limits). */
export interface ArtifactLimits {
  perFileBytes: number
  perRunBytes: number
  /** Every run's artifacts together, on this server. */
  serverBytes: number
  /** Files per run; a folder with more has the rest refused (the listing stays short). */
  filesPerRun: number
}

const MB = 1024 * 1024
export const DEFAULT_ARTIFACT_LIMITS: ArtifactLimits = { perFileBytes: 10 * MB, perRunBytes: 100 * MB, serverBytes: 10 * 1024 * MB, filesPerRun: 100 }

/** A file kept, or why not (the text goes into the run's log as it is). */
export type KeepResult = { kept: ArtifactView } | { refused: string }

/**
 * The kept artifacts: files under `<root>/<run id>/<name>` and their index rows. A file is written
 * beside its final name, renamed into place, and only then indexed; retention deletes the rows (in
 * the runs' transaction) before the files, and `sweep` at start removes what a crash left between.
 */
export class ArtifactStore {
  constructor(
    private readonly deps: {
      root: string
      repos: Pick<Repos, 'artifacts'>
      limits: ArtifactLimits
      nowMs: () => number
      logger: Logger
    },
  ) {}

  /** Keeps the plain files of an ended run's folder (the embedded executor); returns the run log's lines. */
  async keepFolder(runId: number, dir: string): Promise<string[]> {
    const { limits } = this.deps
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))
    const lines: string[] = []
    let count = 0
    for (const entry of entries) {
      if (count >= limits.filesPerRun) {
        lines.push(`artifact ${shown(entry.name)}: not kept, a run keeps at most ${limits.filesPerRun} files`)
        continue
      }
      const path = join(dir, entry.name)
      // lstat: a symbolic link is not followed (it could point at any file of this machine).
      const stat = await lstat(path)
      if (!stat.isFile()) {
        lines.push(`artifact ${shown(entry.name)}: not kept, only plain files are (no folders or links)`)
        continue
      }
      count++
      const result = await this.keep(runId, entry.name, lazyRead(path), stat.size)
      lines.push('kept' in result ? `artifact ${entry.name}: kept (${formatBytes(result.kept.size)}, ${result.kept.contentType})` : result.refused)
    }
    return lines
  }

  /**
   * Keeps one file from a stream (a folder's file, or an agent's upload), within the limits: a
   * declared size over a limit is refused before a byte is read, a stream that grows past one is cut.
   */
  async keep(runId: number, name: string, source: AsyncIterable<Uint8Array>, declaredSize?: number): Promise<KeepResult> {
    const problem = artifactNameProblem(name)
    if (problem) return { refused: `artifact ${shown(name)}: refused, ${problem}` }
    const { limits, repos } = this.deps
    const runRoom = limits.perRunBytes - (await repos.artifacts.runBytes(runId))
    const serverRoom = limits.serverBytes - (await repos.artifacts.totalBytes())
    const overBy = (size: number) => overLimit(name, size, limits, runRoom, serverRoom)
    if (declaredSize !== undefined) {
      const over = overBy(declaredSize)
      if (over) return { refused: over }
    }
    const folder = join(this.deps.root, String(runId))
    await mkdir(folder, { recursive: true, mode: 0o700 })
    const part = join(folder, `.${name}.part`)
    const hash = createHash('sha256')
    let size = 0
    let head = new Uint8Array(0)
    let refused: string | null = null
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of source) {
        size += chunk.length
        const over = overBy(size)
        if (over) {
          refused = over.replace(/: (\S+ \S+) is over/, ': more than $1, over')
          throw new Error(refused)
        }
        if (head.length < 512) head = Buffer.concat([head, chunk.subarray(0, 512 - head.length)])
        hash.update(chunk)
        yield chunk
      }
    }
    try {
      await pipeline(counted, createWriteStream(part, { mode: 0o600 }))
    } catch (error) {
      await rm(part, { force: true })
      return { refused: refused ?? `artifact ${name}: not kept, ${(error as Error).message}` }
    }
    await rename(part, join(folder, name))
    const kept: ArtifactView = { name, size, contentType: sniffContentType(name, head), sha256: hash.digest('hex'), storedAtMs: this.deps.nowMs() }
    await repos.artifacts.put({ runId, ...kept })
    return { kept }
  }

  /** A kept file's row and content, or null when the run has no such artifact. */
  async open(runId: number, name: string): Promise<{ view: ArtifactView; content: ReadStream } | null> {
    if (artifactNameProblem(name)) return null
    const row = await this.deps.repos.artifacts.get(runId, name)
    if (!row) return null
    const { runId: _run, ...view } = row
    let file: FileHandle
    try {
      file = await openFile(join(this.deps.root, String(runId), name), 'r')
    } catch {
      // Indexed on another node of a cluster (each keeps its own files), or removed under us.
      return null
    }
    return { view, content: file.createReadStream() }
  }

  /** Removes the folders of runs whose rows are gone (retention deleted them in its transaction). */
  async removeRuns(runIds: readonly number[]): Promise<void> {
    for (const runId of runIds) await rm(join(this.deps.root, String(runId)), { recursive: true, force: true })
  }

  /**
   * At start: removes what a crash left half — a run folder no row names (its rows were deleted but
   * not yet its files, or its file was written but not yet indexed) and files being written.
   */
  async sweep(): Promise<number> {
    let names: string[]
    try {
      names = await readdir(this.deps.root)
    } catch {
      return 0
    }
    const runIds = names.filter((n) => /^\d{1,15}$/.test(n)).map(Number)
    const indexed = new Set<number>()
    for (let i = 0; i < runIds.length; i += 500) for (const id of await this.deps.repos.artifacts.runsWithArtifacts(runIds.slice(i, i + 500))) indexed.add(id)
    let removed = 0
    for (const runId of runIds) {
      const folder = join(this.deps.root, String(runId))
      if (!indexed.has(runId)) {
        await rm(folder, { recursive: true, force: true })
        removed++
        continue
      }
      const rows = new Set((await this.deps.repos.artifacts.listForRun(runId)).map((row) => row.name))
      for (const file of await readdir(folder)) {
        if (!rows.has(file)) await rm(join(folder, file), { recursive: true, force: true })
      }
    }
    if (removed > 0) this.deps.logger.info('removed run artifact folders no index row names', { folders: removed })
    return removed
  }
}

/** The run log's words for a size over a limit, or null when it fits. */
function overLimit(name: string, size: number, limits: ArtifactLimits, runRoom: number, serverRoom: number): string | null {
  if (size > limits.perFileBytes) return `artifact ${name}: ${formatBytes(size)} is over the ${formatBytes(limits.perFileBytes)} limit per file`
  if (size > runRoom)
    return `artifact ${name}: ${formatBytes(size)} is over the ${formatBytes(limits.perRunBytes)} limit per run (${formatBytes(Math.max(0, runRoom))} left)`
  if (size > serverRoom)
    return `artifact ${name}: ${formatBytes(size)} is over the ${formatBytes(limits.serverBytes)} limit for this server's artifacts (${formatBytes(Math.max(0, serverRoom))} left)`
  return null
}

/** A file's content, opened only when it is read (a file refused by its size is never opened). */
async function* lazyRead(path: string): AsyncGenerator<Uint8Array> {
  yield* createReadStream(path)
}

/** A refused name as the log shows it: quoted, control characters escaped. */
function shown(name: string): string {
  return JSON.stringify(name)
}
