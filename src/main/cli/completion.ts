import type { Command } from 'commander'
import { GET_KINDS } from './commands/get'

/** The words a command takes as its argument, where they are a fixed list. */
const ARGUMENT_WORDS: Record<string, readonly string[]> = { get: GET_KINDS, maintenance: ['on', 'off'] }

/**
 * `jobdesk completion bash|zsh`: a completion script made from the program's own commands and
 * options, so it never lists a flag the CLI does not have. commander gives help and usage errors but
 * no completion of its own; this is the small rest. zsh reads the bash script through bashcompinit.
 */
export function completionScript(program: Command, shell: 'bash' | 'zsh'): string {
  const commands = program.commands.filter((c) => c.name() !== 'help')
  const words = (list: readonly string[]) => list.join(' ')
  const cases = commands
    .map((command) => {
      const flags = command.options.flatMap((o) => [o.short, o.long].filter((f): f is string => f !== undefined))
      const subcommands = command.commands.map((c) => c.name())
      const choices = ARGUMENT_WORDS[command.name()] ?? subcommands
      return `    ${command.name()}) opts="${words([...flags, '--help'])}"; words="${words(choices)}" ;;`
    })
    .join('\n')
  const script = `# jobdesk ${shell} completion: eval "$(jobdesk completion ${shell})" (in ~/.${shell}rc)
_jobdesk() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" opts="" words=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${words(commands.map((c) => c.name()))} --help" -- "$cur") )
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
  elif [ "$COMP_CWORD" -eq 2 ] && [ -n "$words" ]; then
    COMPREPLY=( $(compgen -W "$words" -- "$cur") )
  else
    COMPREPLY=( $(compgen -f -- "$cur") )
  fi
}
complete -o default -F _jobdesk jobdesk
`
  return shell === 'zsh' ? `autoload -U +X bashcompinit && bashcompinit\n${script}` : script
}
