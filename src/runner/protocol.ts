/**
 * The runner's protocol, for exactly what the action uses of it: inputs, outputs and saved
 * state (file commands), workflow commands on stdout (masks, annotations, debug lines), the
 * job summary. Each function does what @actions/core's function of the same name does, byte
 * for byte (__tests__/runner.test.ts holds it to that). @actions/core itself would load its
 * HTTP client, OIDC client and exec modules at every start-up of every step, for nothing the
 * action calls.
 */
import { randomUUID } from 'node:crypto'
import { appendFileSync, constants, existsSync } from 'node:fs'
import { access, appendFile } from 'node:fs/promises'
import { EOL } from 'node:os'

// Stryker disable next-line ObjectLiteral,StringLiteral: equivalent; a string is written as UTF-8 by default
const UTF8 = { encoding: 'utf8' } as const

/** An input as the runner passes it (`INPUT_<NAME>`), trimmed; '' when not set. */
export function getInput(name: string): string {
  return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '').trim()
}

/** Asks the runner to mask `secret` in the log from now on. */
export function setSecret(secret: string): void {
  issueCommand('add-mask', {}, secret)
}

export function setOutput(name: string, value: string): void {
  if (process.env.GITHUB_OUTPUT) return issueFileCommand('OUTPUT', keyValueMessage(name, value))
  process.stdout.write(EOL)
  issueCommand('set-output', { name }, value)
}

/** State for the post step, which gets it back as `STATE_<name>`. */
export function saveState(name: string, value: string): void {
  if (process.env.GITHUB_STATE) return issueFileCommand('STATE', keyValueMessage(name, value))
  issueCommand('save-state', { name }, value)
}

export function info(message: string): void {
  process.stdout.write(message + EOL)
}

export function debug(message: string): void {
  issueCommand('debug', {}, message)
}

export function notice(message: string): void {
  issueCommand('notice', {}, message)
}

export function warning(message: string): void {
  issueCommand('warning', {}, message)
}

export function error(message: string): void {
  issueCommand('error', {}, message)
}

/** An `::error::` line, and the step fails when the process exits. */
export function setFailed(message: string): void {
  process.exitCode = 1
  error(message)
}

/** Whether the user turned on debug logging for the run. */
export function isDebug(): boolean {
  return process.env.RUNNER_DEBUG === '1'
}

/** Appends to the job summary file, as `core.summary.addRaw(text).write()` does. */
export async function appendSummary(text: string): Promise<void> {
  const path = process.env.GITHUB_STEP_SUMMARY
  if (!path) {
    throw new Error(
      'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
    )
  }
  try {
    await access(path, constants.R_OK | constants.W_OK)
  } catch {
    throw new Error(`Unable to access summary file: '${path}'. Check if the file has correct read/write permissions.`)
  }
  await appendFile(path, text, UTF8)
}

/** `::command key=value,…::message` on stdout: the runner reads such lines as commands. */
export function issueCommand(command: string, properties: Record<string, string>, message: string): void {
  const entries = Object.entries(properties)
  // As @actions/core: a space after the name whenever properties were given, even all empty.
  const pairs = entries.filter(([, value]) => value).map(([key, value]) => `${key}=${escapeProperty(value)}`)
  const head = entries.length > 0 ? `${command} ${pairs.join(',')}` : command
  process.stdout.write(`::${head}::${escapeData(message)}${EOL}`)
}

/** The runner un-escapes these, so a message cannot end its own command line. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

function issueFileCommand(command: 'OUTPUT' | 'STATE', message: string): void {
  const path = process.env[`GITHUB_${command}`]
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable; a file command is written only when its variable is set
  if (!path) throw new Error(`Unable to find environment variable for file command ${command}`)
  if (!existsSync(path)) throw new Error(`Missing file at path: ${path}`)
  appendFileSync(path, `${message}${EOL}`, UTF8)
}

/** `name<<delimiter`, the value, the delimiter: a random delimiter no value can contain by chance. */
function keyValueMessage(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUUID()}`
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable; no name or value holds a fresh random UUID
  if (name.includes(delimiter)) throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`)
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable; no name or value holds a fresh random UUID
  if (value.includes(delimiter)) throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`)
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}`
}
