/** English text of a run's artifacts (the run view, a flow node's panel). */
export const enArtifacts = {
  'artifacts.title': 'Artifacts',
  'artifacts.none': 'This run left no files.',
  'artifacts.name': 'Name',
  'artifacts.size': 'Size',
  'artifacts.type': 'Type',
  'artifacts.download': 'Download',
  'artifacts.preview': 'Preview',
  'artifacts.hidePreview': 'Hide preview',
  'artifacts.previewFailed': 'The file could not be read: {reason}',
  'artifacts.noPreview': 'No preview for this type; download it instead.',
  'artifacts.csvRows': 'The first {shown} of {total} rows',
  'artifacts.textCut': 'The first {shown} of {total} bytes',
  'artifacts.desktopOnly': 'Open the console in a browser (headless mode) to download or preview them, or use `jobdesk artifacts {id}`.',
} as const
