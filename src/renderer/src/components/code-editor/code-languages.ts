import { StreamLanguage } from '@codemirror/language'
import type { Extension } from '@codemirror/state'
import type { GlueLanguage } from '../../lib/jobs/glue-language'

/**
 * The language support of a GLUE type's source (plain text when there is none), each grammar in a
 * chunk of its own: together they were most of the editor's 674 kB chunk (PHP's brings HTML, CSS
 * and JavaScript along), and an editor shows one. The editor starts as plain text and colours the
 * source once its grammar has arrived.
 */
export async function loadLanguage(language: GlueLanguage): Promise<Extension> {
  switch (language) {
    case 'shell':
      return StreamLanguage.define((await import('@codemirror/legacy-modes/mode/shell')).shell)
    case 'powershell':
      return StreamLanguage.define((await import('@codemirror/legacy-modes/mode/powershell')).powerShell)
    case 'groovy':
      return StreamLanguage.define((await import('@codemirror/legacy-modes/mode/groovy')).groovy)
    case 'python':
      return (await import('@codemirror/lang-python')).python()
    case 'javascript':
      return (await import('@codemirror/lang-javascript')).javascript()
    case 'php':
      return (await import('@codemirror/lang-php')).php()
    default:
      return []
  }
}
