import type { GlueType } from '../../../../shared/model'

/** The editor language of each GLUE type (BEAN has no source). */
export type GlueLanguage = 'shell' | 'powershell' | 'python' | 'javascript' | 'groovy' | 'php' | 'text'

const LANGUAGE: Record<GlueType, GlueLanguage> = {
  BEAN: 'text',
  GLUE_GROOVY: 'groovy',
  GLUE_SHELL: 'shell',
  GLUE_PYTHON: 'python',
  GLUE_PYTHON2: 'python',
  GLUE_PHP: 'php',
  GLUE_NODEJS: 'javascript',
  GLUE_POWERSHELL: 'powershell',
}

export function glueLanguage(glueType: GlueType): GlueLanguage {
  return LANGUAGE[glueType]
}

/** A new GLUE job's starting source, as XXL-JOB's GLUE IDE offers one per type. */
export function glueTemplate(glueType: GlueType): string {
  switch (glueType) {
    case 'GLUE_SHELL':
      return '#!/bin/bash\necho "xxl-job: hello shell"\necho "param: $1"\nexit 0\n'
    case 'GLUE_PYTHON':
    case 'GLUE_PYTHON2':
      return '#!/usr/bin/env python3\nimport sys\nprint("xxl-job: hello python")\nprint("param:", sys.argv[1] if len(sys.argv) > 1 else "")\n'
    case 'GLUE_NODEJS':
      return '#!/usr/bin/env node\nconsole.log("xxl-job: hello nodejs")\nconsole.log("param:", process.argv[2] ?? "")\n'
    case 'GLUE_POWERSHELL':
      return 'Write-Host "xxl-job: hello powershell"\nWrite-Host "param: $($args[0])"\nexit 0\n'
    case 'GLUE_PHP':
      return '<?php\necho "xxl-job: hello php\\n";\necho "param: " . ($argv[1] ?? "") . "\\n";\n'
    default:
      return ''
  }
}
