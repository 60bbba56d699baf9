/**
 * English text of objects applied from definition files (`jobdesk apply`): their badge, and the
 * editors' warning that the next apply undoes edits made in the console. zh-cn-definition-origin.ts
 * has exactly these keys.
 */
export const enDefinitionOrigin = {
  'origin.badgeTitle': 'From file {file} (applied {time} by jobdesk apply)',
  'origin.bannerTitle': 'Defined in {file}',
  'origin.bannerJob':
    'This job was applied from {file}. The next jobdesk apply of that file will undo edits made here: to keep them, make them in the file too.',
  'origin.bannerFlow':
    'This flow was applied from {file}. The next jobdesk apply of that file will undo edits made here: to keep them, make them in the file too.',
  'origin.copyHint': 'Copy as YAML gives what is saved, without unsaved edits: save first, then copy.',
  'origin.copyYaml': 'Copy as YAML',
  'origin.copied': 'YAML of {name} copied to the clipboard',
  'origin.notExported': 'The server’s export has no document for {name}.',
  'origin.dialogTitle': 'YAML of {name}',
  'origin.dialogHint': 'The clipboard cannot be reached from here: select the text and copy it, or try Copy.',
  'origin.copy': 'Copy',
  'origin.copiedShort': 'Copied',
} satisfies Record<string, string>
