import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { isSeq, LineCounter, parseAllDocuments, type Document } from 'yaml'
import type { DefinitionSource } from '../../shared/definition-plan'
import type { ErrorProblem } from '../../shared/errors'
import { definitionDocumentSchema } from '../../shared/schema/definition-files'
import { inputProblems } from '../../shared/schema/parse-input'
import { pathSegments, yamlOffsetOf } from '../kernel/yaml-position'
import { CliError } from './cli-error'
import { definitionsRoot, isInside, readSourceFile, type DefinitionsRoot } from './definitions-root'

/** What `-f` reads in a directory (JSON is YAML too; `jobdesk export --format json` writes it). */
const DEFINITION_FILE = /\.(ya?ml|json)$/i

interface ReadDocument {
  file: string
  root: DefinitionsRoot
  doc: Document.Parsed
  /** The document's place in a JSON array of documents (an exported stream); null for a document of its own. */
  item: number | null
  lines: LineCounter
}

interface FoundFile {
  path: string
  root: DefinitionsRoot
}

/** The documents of a set of definition files, and where each of their fields is. */
export interface DefinitionFiles {
  sources: DefinitionSource[]
  /** `file:line:column` of a path in the sources (`sources[3].document.schedule.cron`), as close as the files allow. */
  where(path: string): string
}

/**
 * Reads `-f` paths (files, and directories searched for *.yaml / *.yml / *.json, in name order)
 * into documents, reading each `glue.sourceFile` (relative to its file, inside the folder given to
 * `-f` or the given file's folder: definitions-root.ts) into `glue.source`.
 * Every document is checked against the shared schema here, so a bad file is refused with its
 * line and column before the server is asked.
 * @throws CliError listing every problem (YAML syntax, unknown fields, wrong types, a missing script).
 */
export function readDefinitionFiles(paths: readonly string[], cwd: string): DefinitionFiles {
  const problems: string[] = []
  const files = paths.flatMap((path) => filesGiven(resolve(cwd, path), path, cwd, problems))
  if (problems.length > 0) throw new CliError(`${problems.length} problem(s) in the files, nothing was applied`, problems)
  if (files.length === 0) throw new CliError(`no definition files (*.yaml, *.yml, *.json) in ${paths.join(', ')}`)
  const read: ReadDocument[] = []
  for (const { path: file, root } of files) {
    const name = relative(cwd, file) || file
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      throw new CliError(`cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
    }
    const lines = new LineCounter()
    for (const doc of parseAllDocuments(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true })) {
      for (const error of doc.errors) {
        const pos = lines.linePos(error.pos[0])
        problems.push(`${name}:${pos.line}:${pos.col}: ${error.message.split('\n')[0]}`)
      }
      if (doc.errors.length === 0 && doc.contents !== null) read.push({ file: name, root, doc, item: null, lines })
    }
  }
  if (problems.length > 0) throw new CliError(`${problems.length} problem(s) in the files, nothing was applied`, problems)

  const sources: DefinitionSource[] = []
  const origins: ReadDocument[] = []
  for (const item of read) {
    const value: unknown = item.doc!.toJS({ maxAliasCount: 100 })
    // A JSON array (an exported stream) holds several documents.
    const documents = Array.isArray(value) ? value : [value]
    documents.forEach((document, at) => {
      sources.push({ file: item.file, document })
      origins.push(Array.isArray(value) ? { ...item, item: at } : item)
    })
  }
  const where = (path: string) => locate(origins, path)

  for (const [index, source] of sources.entries()) {
    const report = (field: string, message: string) => problems.push(`${where(`sources[${index}].document.${field}`)}: ${message}`)
    readScript(source, origins[index].root, resolve(cwd, dirname(source.file)), report)
    const checked = inputProblems(definitionDocumentSchema, source.document, '')
    if (!checked.ok) for (const problem of checked.problems) problems.push(`${where(`sources[${index}].document.${problem.field}`)}: ${problemText(problem)}`)
  }
  if (problems.length > 0) throw new CliError(`${problems.length} problem(s) in the files, nothing was applied`, problems)
  return { sources, where }
}

/** The server's problems with a refused set of files, each at its file, line and column. */
export function problemLines(files: DefinitionFiles, problems: readonly ErrorProblem[]): string[] {
  return problems.map((problem) => `${problem.field.startsWith('sources[') ? files.where(problem.field) : problem.field}: ${problem.message}`)
}

function problemText(problem: { field: string; message: string }): string {
  const field =
    problem.field === ''
      ? ''
      : `${problem.field
          .split('.')
          .pop()!
          .replace(/\[\d+\]$/, '')}: `
  return `${field}${problem.message}`
}

/** A `-f` path: the file itself (its folder is the root), or the definition files under a folder (the root). */
function filesGiven(absolute: string, given: string, cwd: string, problems: string[]): FoundFile[] {
  let stat
  try {
    stat = statSync(absolute)
  } catch {
    throw new CliError(`-f ${given}: no such file or directory`)
  }
  if (!stat.isDirectory()) return [{ path: absolute, root: definitionsRoot(dirname(absolute), cwd) }]
  return filesUnder(absolute, definitionsRoot(absolute, cwd), cwd, problems)
}

/** Symlinked files count only when they stay inside the root, as a sourceFile does; symlinked folders are not entered. */
function filesUnder(folder: string, root: DefinitionsRoot, cwd: string, problems: string[]): FoundFile[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      if (entry.name.startsWith('.')) return []
      const path = join(folder, entry.name)
      if (entry.isDirectory()) return filesUnder(path, root, cwd, problems)
      if (!DEFINITION_FILE.test(entry.name)) return []
      if (entry.isSymbolicLink() && !isInside(root.real, realOrNull(path) ?? '/')) {
        problems.push(`${relative(cwd, path)}: a symlink outside ${root.name}`)
        return []
      }
      return [{ path, root }]
    })
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path)
  } catch {
    return null
  }
}

/** Puts a job's `glue.sourceFile` (relative to its file's folder, inside `root`) into `glue.source`. */
function readScript(source: DefinitionSource, root: DefinitionsRoot, folder: string, report: (field: string, message: string) => void): void {
  const glue = (source.document as { glue?: { sourceFile?: unknown; source?: unknown } } | null)?.glue
  if (typeof glue !== 'object' || glue === null || typeof glue.sourceFile !== 'string' || glue.source !== undefined) return
  const read = readSourceFile(root, folder, glue.sourceFile)
  if (!read.ok) return report('glue.sourceFile', read.message)
  glue.source = read.text
  delete glue.sourceFile
}

/** `sources[3].document.nodes[2].job` → the position of that key (or of the nearest part of it that exists). */
function locate(origins: readonly ReadDocument[], path: string): string {
  const match = /^sources\[(\d+)\]\.document\.?(.*)$/.exec(path)
  const origin = match ? origins[Number(match[1])] : undefined
  if (!origin) return path
  let node: unknown = origin.doc.contents
  if (origin.item !== null) node = isSeq(node) ? node.items[origin.item] : null
  const pos = origin.lines.linePos(yamlOffsetOf(node, pathSegments(match![2])))
  return `${origin.file}:${pos.line}:${pos.col}`
}
