/* Run artifacts (docs/artifacts.md): the files a run leaves in its folder, kept by JobDesk. */

/** One kept file of a run. */
export interface ArtifactView {
  /** The file's name: flat, checked by `artifactNameProblem`. */
  name: string
  /** Bytes. */
  size: number
  /** Sniffed from the name's extension and the first bytes (never trusted from the run). */
  contentType: string
  /** Hex SHA-256 of the content. */
  sha256: string
  /** When JobDesk kept it (epoch ms). */
  storedAtMs: number
}

/** The run artifacts' methods: part of JobDeskApi (./api.ts). */
export interface ArtifactsApi {
  /** A run's kept files, by name (whoever may read the run). The content is a GET of `artifactPath`. */
  listArtifacts(request: { runId: number }): Promise<ArtifactView[]>
}

/** The longest artifact name, in characters (a file name most file systems take). */
export const ARTIFACT_NAME_MAX = 200

/**
 * Why `name` cannot be an artifact's name, or null when it can. A name is data, never a path: no
 * separators, no `.`/`..`, no control characters, no leading dot or trailing dot/space (hidden files,
 * and names Windows changes). The server checks it before keeping a file, and the CLI again before
 * writing one, so a name never decides where a file goes.
 */
export function artifactNameProblem(name: string): string | null {
  if (name.length === 0) return 'the name is empty'
  if (name.length > ARTIFACT_NAME_MAX) return `the name is longer than ${ARTIFACT_NAME_MAX} characters`
  if (name === '.' || name === '..' || name.includes('..')) return 'the name contains ".."'
  if (/[/\\]/.test(name)) return 'the name contains a path separator'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'the name contains a control character'
  if (/[:*?"<>|]/.test(name)) return 'the name contains a character file systems refuse (: * ? " < > |)'
  if (name.startsWith('.')) return 'the name starts with a dot'
  if (/[. ]$/.test(name)) return 'the name ends with a dot or a space'
  return null
}

/** The HTTP path a kept file is read from (GET, with the session or an API token). */
export function artifactPath(runId: number, name: string): string {
  return `/api/artifacts/${runId}/${encodeURIComponent(name)}`
}

/** Bytes as the run log and the console say them ("12 MB", "512 KB", "80 B"). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`
  return `${bytes} B`
}
