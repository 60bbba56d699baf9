import type { ParamDecl, ParamsFields } from '../../../shared/job-params'
import type { JobDocument } from '../../../shared/schema/definition-files'

// A job's or a flow's typed parameters in a definition file (kind: Job / kind: Flow): the same
// field names as the API. A file writes each declaration without its defaults, and reads it back
// with them, so a round trip is no change and an unchanged file plans no drift.

type ParamsDocument = Pick<JobDocument, 'params' | 'paramFormat' | 'paramTemplate'>

/** The fields of a file document's params, each only when declared (as the store reads them back). */
export function paramsFieldsOfDocument(doc: ParamsDocument): ParamsFields {
  if (!doc.params?.length) return {}
  return {
    params: doc.params.map((decl) => ({
      name: decl.name,
      type: decl.type,
      required: decl.required ?? false,
      default: decl.default ?? null,
      enum: decl.enum ?? [],
      pattern: decl.pattern ?? '',
      description: decl.description ?? '',
    })),
    paramFormat: doc.paramFormat ?? 'json',
    ...(doc.paramTemplate ? { paramTemplate: doc.paramTemplate } : {}),
  }
}

/** A declaration as a file writes it: name and type, and each other field only when it is not the default. */
function declDocument(decl: ParamDecl): NonNullable<ParamsDocument['params']>[number] {
  return {
    name: decl.name,
    type: decl.type,
    ...(decl.required ? { required: true } : {}),
    ...(decl.default !== null ? { default: decl.default } : {}),
    ...(decl.enum.length > 0 ? { enum: decl.enum } : {}),
    ...(decl.pattern !== '' ? { pattern: decl.pattern } : {}),
    ...(decl.description !== '' ? { description: decl.description } : {}),
  }
}

/** A job's or a flow's params as its file writes them: nothing when none are declared, `json` (the default format) left out. */
export function paramsDocumentOf(fields: ParamsFields): ParamsDocument {
  if (!fields.params?.length) return {}
  return {
    params: fields.params.map(declDocument),
    ...(fields.paramFormat && fields.paramFormat !== 'json' ? { paramFormat: fields.paramFormat } : {}),
    ...(fields.paramTemplate ? { paramTemplate: fields.paramTemplate } : {}),
  }
}
