import { z } from 'zod'
import { issueText, type IssueLike } from './issue-text'

/**
 * zod 4, with JobDesk's wording for every problem (./issue-text.ts). Every schema imports `z` from
 * here, so the wording is installed before any schema parses.
 *
 * Why zod: one library for every boundary, types inferred from the schemas, strict objects that
 * name unknown fields, and issues that carry the path and the offending input — the three things
 * the eight hand-written validators it replaced disagreed on. zod 4's parser is fast enough for
 * the hot wire paths (callbacks, triggers): about a microsecond per small object.
 */
z.config({ customError: (issue) => issueText(issue as unknown as IssueLike) })

export { z }
