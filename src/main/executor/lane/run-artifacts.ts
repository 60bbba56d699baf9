import { rmSync } from 'node:fs'
import { join } from 'node:path'

/** The environment variable that tells a GLUE script its run's artifact folder. */
export const ARTIFACTS_ENV = 'JOBDESK_ARTIFACTS_DIR'

/**
 * Keeps the files of one ended run's folder (the embedded executor stores them, the agent uploads
 * them) and returns lines for the run's log: what was kept, what was refused and why.
 */
export type ArtifactKeeper = (run: { logId: number; jobId: number }, dir: string) => Promise<string[]>

/** `<root>/<logId>`: the folder a run writes its artifacts to. */
export function artifactFolderOf(root: string, logId: number): string {
  return join(root, String(logId))
}

/** Each run's artifact folder under `root`, and what keeps what a run left there. */
export class RunArtifacts {
  constructor(
    readonly root: string,
    private readonly keep: ArtifactKeeper,
  ) {}

  /** Keeps the files of a run that made its folder (a script's always, a handler's on `ctx.artifactsDir`), and removes the folder. */
  keepFolder(logId: number, jobId: number): Promise<string[]> {
    const dir = artifactFolderOf(this.root, logId)
    return this.keep({ logId, jobId }, dir)
      .catch((error: Error) => [`artifacts could not be kept: ${error.message}`])
      .finally(() => rmSync(dir, { recursive: true, force: true }))
  }
}
