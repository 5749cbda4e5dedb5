import * as core from '@actions/core'
import { PLATFORM_REFUSALS, PlatformClient } from './api/client.ts'
import { GITHUB_REFUSALS } from './github/messages.ts'
import { CHANGE_AND_RUN_AGAIN, refusalOf } from './http/answers.ts'
import { ProxyInClearError, ProxySettingError, describeProxySettings, proxySecrets } from './http/proxy.ts'
import { Connections } from './http/transport.ts'
import type { Logger } from './base/log.ts'
import type { Clock } from './base/clock.ts'
import { InputError, OwnError, RunnerVariableError, messageOf } from './base/errors.ts'
import { frameLocation, sourceLocationOf } from './base/source-location.ts'
import { requestErrorIn, type RequestError } from './http/errors.ts'
import { heading, paragraph, table, type Part } from './runner/summary.ts'
import { errorCodeOf } from './runner/context.ts'
import { readSettings, type Settings } from './settings.ts'
import { registerSecret, untrusted } from './base/text.ts'
import { USER_AGENT } from './base/version.ts'

/** A stack in the debug log is bounded, each line made safe: its message may quote another library. */
const STACK_LINES = 40

/** What main and post share: the runner's log, the settings, the client, the one way to fail. */

export const coreLogger: Logger = {
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
  debug: (message) => core.debug(message),
}

/**
 * Every input, read and checked; the API key and GitHub token are masked first. `warn` hears of
 * inputs the command does not read (the main step says so; the post step, with the same inputs, need not again).
 */
export function readStepSettings(warn?: (message: string) => void): Settings {
  // Before anything is printed: a proxy variable may carry credentials. The runner would mask a
  // user name of a letter or two everywhere in the log, and it is sent nowhere but to the proxy.
  for (const secret of proxySecrets(process.env)) if (secret.length >= MIN_MASKED_LENGTH) maskSecret(secret)
  const github = { repository: process.env.GITHUB_REPOSITORY, apiUrl: process.env.GITHUB_API_URL, proxies: process.env }
  return readSettings((name) => core.getInput(name), maskSecret, github, warn)
}

/**
 * Masks a secret in the runner's log, and has the action replace it (and any piece of it) by `***`
 * in every text from outside it shows or outputs: the runner masks only whole values.
 */
export function maskSecret(secret: string): void {
  core.setSecret(secret)
  registerSecret(secret)
}

/** A proxy credential shorter than this is not masked (see readStepSettings). */
const MIN_MASKED_LENGTH = 4

/**
 * The platform client of one step, on the step's connection pool (through the proxies the
 * environment names, which the log names by host and port once): its deadline is the step's
 * `timeout` from now. `cancelled`: the runner's cancel (the main step's), at which a wait to send
 * a request again ends. Throws ProxySettingError for a proxy variable it cannot use, before any request.
 */
export function openClient(settings: Settings, clock: Clock, cancelled?: AbortSignal): PlatformClient {
  const proxies = describeProxySettings(process.env)
  if (proxies) core.info(proxies)
  return new PlatformClient({
    baseUrl: settings.apiHost,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    clock,
    logger: coreLogger,
    deadline: clock.now() + settings.timeoutMs,
    connections: new Connections(process.env),
    ...(cancelled ? { interrupt: { signal: cancelled, stop: true } } : {}),
  })
}

export async function writeSummary(html: string): Promise<void> {
  if (!html || !process.env.GITHUB_STEP_SUMMARY) return
  try {
    await core.summary.addRaw(html).write()
  } catch (error) {
    core.summary.emptyBuffer()
    core.warning(`Could not write the job summary: ${messageOf(error)}`)
  }
}

/**
 * One ::error:: line; the stack only with debug logging on, and never for expected failures. An
 * unexpected error names where in src/ it happened, never a line of the bundle.
 */
export function fail(error: unknown): void {
  if (!(error instanceof OwnError) && error instanceof Error && error.stack && core.isDebug()) {
    for (const line of error.stack.split('\n').slice(0, STACK_LINES)) {
      const at = frameLocation(line)
      core.debug(untrusted(at ? `${line} [${at}]` : line, 500))
    }
  }
  core.setFailed(describeStepFailure(error))
}

/** The line a failed step ends with. */
function describeStepFailure(error: unknown): string {
  if (error instanceof OwnError) return error.message
  // The location comes from the stack, which a library may have written.
  const at = sourceLocationOf(error)
  return `Unexpected error${at ? ` at ${untrusted(at)}` : ''}: ${messageOf(error)}. Re-run with debug logging on for details.`
}

/**
 * Fails the step: a short job summary of what failed (`what`: the command, or the step), the
 * request it failed on, and what to do next; then the one ::error:: line.
 */
export async function failStep(what: string, error: unknown): Promise<void> {
  await writeSummary(failureSummary(what, error))
  fail(error)
}

/** The summary of a step that failed by an error: a heading, then the failure's note. */
export function failureSummary(what: string, error: unknown): string {
  return (
    heading(`❌ ${what} failed`) +
    failureNote(describeStepFailure(error), requestErrorIn(error), nextStep(error, requestErrorIn(error)))
  )
}

/**
 * What a command's own summary gets when the command reports a failure: the failure (a command's
 * summary never says it itself), the request it failed on, and what to do next.
 */
export function commandFailureNote(failure: string, request: RequestError | undefined, next?: string | Part[]): string {
  return failureNote(failure, request, next ?? nextStep(undefined, request))
}

function failureNote(failure: string, request: RequestError | undefined, next: string | Part[]): string {
  const answer = (failed: RequestError) =>
    failed.status === undefined ? `none (${failed.kind})` : String(failed.status)
  return (
    paragraph(failure) +
    (request
      ? table(
          ['HTTP status', 'error code', 'request id'],
          [
            [
              answer(request),
              errorCodeOf(request),
              request.requestId === undefined ? undefined : { code: request.requestId },
            ],
          ],
        )
      : '') +
    paragraph(...(typeof next === 'string' ? [next] : next))
  )
}

/** What to do after a failure, by its kind; `error` undefined: a failure a command reported. */
function nextStep(error: unknown, request: RequestError | undefined): string {
  if (error instanceof RunnerVariableError) {
    return 'The runner sets that variable in a GitHub Actions job: run the step there, or set it for a local run. The step sent no request.'
  }
  if (error instanceof InputError) return 'Correct that input and run the job again: the step sent no request.'
  if (error instanceof ProxyInClearError) {
    return 'Add the host to NO_PROXY, or use https, then run the job again: no credential went through the proxy.'
  }
  if (error instanceof ProxySettingError) {
    return 'Correct that proxy variable (a runner set up with a proxy exports it to every step) and run the job again: the step sent no request.'
  }
  if (error !== undefined && !(error instanceof OwnError)) {
    return 'This is a fault of the action, not of the workflow: re-run the job with debug logging on for the whole stack, and report it with the location above.'
  }
  if (!request) return 'Fix what the failure above names, then run the job again.'
  if (request.kind === 'proxy' || request.kind === 'proxy-refused') {
    return 'The proxy failed, not the platform: check what the failure above names (the proxy variable, its credentials, NO_PROXY), then run the job again.'
  }
  if (request.kind === 'certificate') {
    return "Have Node trust the server's certificate as the failure above says (NODE_EXTRA_CA_CERTS), then run the job again."
  }
  if (request.kind === 'deadline')
    return 'Raise the `timeout` input, or run the job again when the platform answers sooner.'
  if (request.kind === 'redirect') return CHANGE_AND_RUN_AGAIN
  const refusal = refusalOf(request)
  if (refusal !== undefined) return (request.service === 'GitHub' ? GITHUB_REFUSALS : PLATFORM_REFUSALS)[refusal].next
  return 'The platform or the connection kept failing after the retries: run the job again later, and if it goes on, report the request id to the platform.'
}
