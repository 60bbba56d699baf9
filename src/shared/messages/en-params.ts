/**
 * English text of what typed parameters (src/shared/job-params.ts, docs/parameters.md) are refused
 * for, by code: a declaration at save, a value at trigger. Each names the parameter.
 */
export const enParamsMessages = {
  'params.unknown': '{name}: no parameter of that name is declared',
  'params.missing': '{name}: is required and has no default',
  'params.notText': '{name}: {value} is not text',
  'params.notInt': "{name}: '{value}' is not a whole number",
  'params.notNumber': "{name}: '{value}' is not a number",
  'params.notBool': "{name}: '{value}' is not true or false",
  'params.notInEnum': "{name}: '{value}' is not one of {allowed}",
  'params.notDate': "{name}: '{value}' is not a date (YYYY-MM-DD)",
  'params.notDatetime': "{name}: '{value}' is not a date and time (YYYY-MM-DDTHH:mm or YYYY-MM-DDTHH:mm:ss)",
  'params.patternMismatch': "{name}: '{value}' does not match the pattern {pattern}",
  'params.namesSecret': "{name}: a value may not name a secret ('${secrets.…}'); declare a parameter of type secret to choose one",
  'params.notSecretName': "{name}: '{value}' is not a secret's name (a letter or '_', then up to 63 letters, digits or '_')",
  'params.valueTooLong': '{name}: is {length} characters long; the limit is {max}',
  'params.kvLineBreak': "{name}: the kv format sends one 'name=value' line per parameter, so a value cannot hold a line break; use the json format",
  'params.duplicateName': "'{name}' is also the name of params[{first}]",
  'params.enumEmpty': '{name}: an enum parameter needs at least one value',
  'params.badPattern': '{name}: the pattern is not a regular expression',
  'params.requiredScheduled':
    '{name}: is required and has no default, but the schedule fires on its own with nobody to give a value; give it a default, or make it optional',
  'params.templateRequired': "paramFormat 'template' needs a paramTemplate, with ${params.<name>} where each value goes",
  'params.templateUnknownParam': "'{ref}' names no declared parameter",
  'params.templateAsKey': "'{ref}' stands in a key of the JSON template; a value may fill a string value (or stand alone as one), never name a field",
  'params.templateChoosesTarget':
    "'{ref}' would choose where or how a request goes (a URL's scheme, host or port, or the method); put it in the URL's path or query",
  'params.templateInvalidJson':
    "the template starts with '{' or '[' so it is read as JSON, but taking each reference as a value it is not JSON at character {offset}",
  'params.declared': 'this job declares typed parameters: give params { name: value } instead of a free-text executorParam',
  'params.notDeclared': 'this job or flow declares no typed parameters: give executorParam (free text) instead of params',
} as const
