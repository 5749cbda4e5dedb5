import { InputError, RunnerVariableError } from './base/errors.ts'
import { isPrintableToken, quoted, untrusted } from './base/text.ts'
import { COMMANDS, COMMAND_NAMES, type Command, type SettingsOf } from './commands/registry.ts'
import {
  COMMON_INPUTS,
  DEFAULT_TIMEOUT_SECONDS,
  INPUT_DEFAULTS,
  MAX_TIMEOUT_SECONDS,
  type Common,
} from './inputs/common.ts'
import { readApiHost } from './inputs/urls.ts'
import { readSeconds, type InputReader, type RunnerEnvironment } from './inputs/values.ts'

/*
 * Every input of a step is read and checked here, and nowhere else: the common inputs, then the command's own
 * (commands/registry.ts), then the inputs the command does not read. A wrong input stops the step before any request.
 */

/** A step's settings: the common ones and its command's. */
export type Settings = { [K in Command]: Common & { command: K } & SettingsOf<K> }[Command]

/**
 * @param mask gets every secret input (the API key, the GitHub token) before any other input is read, so that
 *             nothing printed afterwards can show them.
 * @param runner what the runner sets besides inputs (GITHUB_REPOSITORY, GITHUB_API_URL, the proxy variables). It is
 *             checked here too, because a rotation that cannot store its key must fail before it creates one.
 * @param warn hears of inputs the command does not read.
 */
export function readSettings(
  read: InputReader,
  mask: (secret: string) => void,
  runner: RunnerEnvironment = {},
  warn: (message: string) => void = () => undefined,
): Settings {
  const apiKey = read('api-key').trim()
  if (apiKey) mask(apiKey)
  const githubToken = read('github-token').trim()
  if (githubToken) mask(githubToken)

  refuseUndeclaredInputs(runner.inputNames ?? [], read('command').trim())
  const command = readCommand(read)
  refuseUncheckedCertificates(runner.proxies)
  if (!apiKey)
    throw new InputError(
      'Input `api-key` is required: pass the platform API key from a secret, e.g. `api-key: ${{ secrets.NEON_API_KEY }}`.',
    )
  if (!isPrintableToken(apiKey)) {
    throw new InputError(
      'Input `api-key` must be a single token of printable ASCII characters, without spaces or line breaks.',
    )
  }
  const common: Common = {
    apiKey,
    apiHost: readApiHost(read('api-host'), runner.proxies),
    timeoutMs: readSeconds(read, 'timeout', DEFAULT_TIMEOUT_SECONDS, 0, MAX_TIMEOUT_SECONDS) * 1000,
  }
  const own = COMMANDS[command].settings(read, runner)
  checkUnreadInputs(read, command, warn)
  return { ...common, command, ...own } as Settings
}

/** Every input a command reads, the common ones included. */
export function inputsRead(command: Command): readonly string[] {
  return [...COMMON_INPUTS, ...COMMANDS[command].inputs]
}

/**
 * Checks the inputs a command does not read. It refuses one where ignoring it could surprise, and otherwise warns
 * once for each. It runs after the command's own inputs are read, so that their errors come first.
 */
function checkUnreadInputs(read: InputReader, command: Command, warn: (message: string) => void): void {
  const reads = new Set(inputsRead(command))
  const refusals: Readonly<Record<string, string>> = COMMANDS[command].refused ?? {}
  const ignored: string[] = []
  for (const input of new Set(COMMAND_NAMES.flatMap(inputsRead))) {
    if (reads.has(input)) continue
    const value = read(input).trim()
    if (!value || value === INPUT_DEFAULTS[input]) continue
    const refused = refusals[input]
    // These are the table's own sentences. untrusted() is here only because the lint rule cannot follow the lookup.
    if (refused)
      throw new InputError(
        `Input \`${input}\` was given to ${command}, which does not take it: ${untrusted(refused, Infinity)}`,
      )
    ignored.push(input)
  }
  for (const input of ignored)
    warn(`Input \`${input}\` is set, but ${command} does not read it: it has no effect on this step.`)
}

/** Every input the root action declares. A sub-action declares some of them. */
const DECLARED = [...new Set(COMMAND_NAMES.flatMap(inputsRead))]

/**
 * The runner passes every `with:` entry, declared or not, and only warns of the undeclared. A name that no action
 * here declares is a typo, and a misspelt `revoke-after-job` would leave a key valid for ever.
 */
function refuseUndeclaredInputs(names: readonly string[], given: string): void {
  const declared = new Set(DECLARED)
  const undeclared = new Set(names.map((name) => name.toLowerCase()).filter((name) => name && !declared.has(name)))
  if (undeclared.size === 0) return
  const command = Object.hasOwn(COMMANDS, given) ? (given as Command) : undefined
  const own = command ? inputsRead(command) : DECLARED
  const where = command ?? 'this action'
  // The suggestions are the action's own names. untrusted() is there only because the lint rule cannot follow them.
  const describe = (name: string) => {
    const closest = closestName(name, own) ?? closestName(name, DECLARED)
    const typo = `\`${untrusted(name, 80)}\` is not an input of ${where}`
    if (closest) return `${typo}; did you mean \`${untrusted(closest)}\`?`
    return `${typo}. Its inputs: ${untrusted(own.filter((n) => n !== 'command').join(', '), Infinity)}.`
  }
  throw new InputError([...undeclared].map(describe).join(' '))
}

/** The first of `names` within a few edits of `name`, fewest first. */
function closestName(name: string, names: readonly string[]): string | undefined {
  const most = Math.max(2, Math.floor(name.length / 3))
  let best: { name: string; distance: number } | undefined
  for (const candidate of names) {
    const distance = editDistance(name, candidate)
    if (distance <= most && (best === undefined || distance < best.distance)) best = { name: candidate, distance }
  }
  return best?.name
}

/** Levenshtein: the fewest insertions, deletions and substitutions that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)))
    previous = row
  }
  return previous[b.length]!
}

/**
 * Node skips the certificate check when NODE_TLS_REJECT_UNAUTHORIZED is '0'. An earlier step can set it through
 * `$GITHUB_ENV`, and the API key would then go to whoever answers, so the step refuses to send it.
 */
function refuseUncheckedCertificates(env: RunnerEnvironment['proxies']): void {
  if (env?.NODE_TLS_REJECT_UNAUTHORIZED !== '0') return
  throw new RunnerVariableError(
    'NODE_TLS_REJECT_UNAUTHORIZED is 0: Node would not check the certificate of the server it sends the API key to. ' +
      'Remove it from the job (a step may have set it through $GITHUB_ENV). To trust a private certificate authority, ' +
      'name its certificate file in NODE_EXTRA_CA_CERTS.',
  )
}

function readCommand(read: InputReader): Command {
  const value = read('command').trim()
  if (!value) throw new InputError(`Input \`command\` is required: one of ${COMMAND_NAMES.join(', ')}.`)
  if (!Object.hasOwn(COMMANDS, value)) {
    throw new InputError(`Input \`command\` is ${quoted(value)}: it must be one of ${COMMAND_NAMES.join(', ')}.`)
  }
  return value as Command
}
