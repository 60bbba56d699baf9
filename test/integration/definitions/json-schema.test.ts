import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { parseAllDocuments } from 'yaml'
import { describe, expect, it } from 'vitest'
import { definitionsJsonSchema } from '../../../src/main/cli/definitions-json-schema'
import { definitionDocumentSchema } from '../../../src/shared/schema/definition-files'

/**
 * The published JSON Schema of definition files (`jobdesk schema`) is generated from the zod schema
 * the CLI and the server check with: it accepts every example in examples/definitions and refuses
 * every bad fixture, and the zod schema says the same of each.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

function documentsUnder(folder: string): { file: string; document: unknown }[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .flatMap((name) =>
      parseAllDocuments(readFileSync(join(folder, name), 'utf8')).map((doc) => ({ file: relative(ROOT, join(folder, name)), document: doc.toJS() as unknown })),
    )
}

const validate = new Ajv2020({ allErrors: true, strict: false }).compile(definitionsJsonSchema())

describe('the JSON Schema of definition files', () => {
  const examples = documentsUnder(join(ROOT, 'examples/definitions'))
  const bad = documentsUnder(join(ROOT, 'test/fixtures/definitions-bad'))

  it('accepts every example, as the zod schema does', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6)
    for (const { file, document } of examples) {
      expect(validate(document), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true)
      expect(definitionDocumentSchema.safeParse(document).success, file).toBe(true)
    }
  })

  it('refuses every bad fixture, as the zod schema does', () => {
    expect(bad.length).toBeGreaterThanOrEqual(5)
    for (const { file, document } of bad) {
      expect(validate(document), `${file} passed the JSON Schema`).toBe(false)
      expect(definitionDocumentSchema.safeParse(document).success, `${file} passed the zod schema`).toBe(false)
    }
  })

  it('describes the fields editors complete', () => {
    const text = JSON.stringify(definitionsJsonSchema())
    for (const field of ['schedule', 'fixedRate', 'sourceFile', 'children', 'approval', 'SHARDING_BROADCAST', 'all_success', 'Calendar', 'makeupWorkdays'])
      expect(text).toContain(field)
  })
})
