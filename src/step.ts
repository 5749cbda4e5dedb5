import * as core from '@actions/core'
import { PLATFORM_REFUSALS, PlatformClient } from './api/client.ts'
import { GITHUB_REFUSALS } from './github/messages.ts'
import { CHANGE_AND_RUN_AGAIN, refusalOf } from './http/answers.ts'
import { ProxyInClearError, ProxySettingError, describeProxySettings, proxySecrets } from './http/proxy.ts'
import { Connections } from './http/transport.ts'
import type { Logger } from './base/log.ts'
import type { StepTime } from './base/clock.ts'
import { InputError, OwnError, RunnerVariableError, messageOf } from './base/errors.ts'
import { frameLocation, sourceLocationOf } from './base/source-location.ts'
import { requestErrorIn, type RequestError } from './http/errors.ts'
import { heading, paragraph, table, type Part } from './runner/summary.ts'
import { errorCodeOf, type CommandResult } from './runner/context.ts'
import { readSettings, type Settings } from './settings.ts'
import { registerSecret, untrusted } from './base/text.ts'
import { USER_AGENT } from './base/version.ts'

/** The most stack lines in the debug log. Each line is made safe, because the stack may quote another library. */
const STACK_LINES = 40

/** What the main and post steps share: the runner's log, the settings, the client, and the one way to fail. */

export const coreLogger: Logger = {
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
  debug: (message) => core.debug(message),
}

/**
 * Reads and checks every input, and masks the API key and the GitHub token first. `warn` hears of inputs the command
 * does not read. Only the main step passes it, because the post step has the same inputs and need not warn again.
 */
export function readStepSettings(warn?: (message: string) => void): Settings {
  // Mask first, because a proxy variable may carry credentials. A user name of a letter or two stays unmasked: the
  // runner would mask it everywhere in the log, and it goes nowhere but to the proxy.
  for (const secret of proxySecrets(process.env)) if (secret.length >= MIN_MASKED_LENGTH) maskSecret(secret)
  const inputNames = Object.keys(process.env).flatMap((name) => (name.startsWith('INPUT_') ? [name.slice(6)] : []))
  const runner = {
    repository: process.env.GITHUB_REPOSITORY,
    apiUrl: process.env.GITHUB_API_URL,
    proxies: process.env,
    inputNames,
  }
  return readSettings((name) => core.getInput(name), maskSecret, runner, warn)
}

/**
 * Masks a secret in the runner's log. The action also replaces it, and any piece of it, by `***` in every outside
 * text it shows or outputs, because the runner masks only whole values.
 */
export function maskSecret(secret: string): void {
  core.setSecret(secret)
  registerSecret(secret)
}

/** A proxy credential shorter than this is not masked (see readStepSettings). */
const MIN_MASKED_LENGTH = 4

/**
 * The platform client of one step, on the step's time and connections. These go through the proxies the environment
 * names, and the log names each proxy once by host and port. Throws ProxySettingError for a proxy variable it cannot
 * use, before any request.
 */
export function openClient(settings: Settings, time: StepTime): PlatformClient {
  const proxies = describeProxySettings(process.env)
  if (proxies) core.info(proxies)
  return new PlatformClient({
    baseUrl: settings.apiHost,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    clock: time.clock,
    logger: coreLogger,
    time,
    connections: new Connections(process.env),
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
 * One ::error:: line. The stack goes to the log only with debug logging on, and never for expected failures. An
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
 * Fails the step. It writes a short job summary: what failed (`what` is the command, or the step), the request it
 * failed on, and what to do next. Then it prints the one ::error:: line.
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
 * A command's job summary, the verdict first: its heading (what happened, with ❌ when the step failed), then why and
 * what to do, then the command's details.
 */
export function commandSummary(result: Pick<CommandResult, 'summary' | 'failure' | 'failedRequest' | 'next'>): string {
  const { summary, failure } = result
  if (!failure) return summary
  const note = commandFailureNote(failure, result.failedRequest, result.next)
  const heading = /^<h(\d)>(.*?)<\/h\1>\n/.exec(summary)
  if (!heading) return note + summary
  const [whole, level, text] = heading
  const signed = /^(❌|⚠)/.test(text!) ? whole : `<h${level}>❌ ${text}</h${level}>\n`
  return signed + note + summary.slice(whole.length)
}

/**
 * What a command's summary gets when the command reports a failure: the failure, the request it failed on, and what
 * to do next. A command's own summary never states the failure itself.
 */
export function commandFailureNote(failure: string, request: RequestError | undefined, next?: string | Part[]): string {
  return failureNote(failure, request, next ?? nextStep(undefined, request))
}

function failureNote(failure: string, request: RequestError | undefined, next: string | Part[]): string {
  const answer = (failed: RequestError) =>
    failed.status === undefined ? `none (${failed.kind})` : String(failed.status)
  // The table names the request id, so the sentence need not.
  const id = request?.requestId
  return (
    paragraph(id === undefined ? failure : failure.replaceAll(` (request id ${untrusted(id)})`, '')) +
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

/** What to do after a failure, by its kind. `error` is undefined for a failure that a command reported. */
function nextStep(error: unknown, request: RequestError | undefined): string {
  if (error instanceof RunnerVariableError) {
    return 'The runner sets that variable in a GitHub Actions job: run the step there, or set it for a local run. The step sent no request.'
  }
  if (error instanceof InputError) return 'Correct that input and run the job again: the step sent no request.'
  if (error instanceof ProxyInClearError) {
    return 'Add the host to NO_PROXY, or use https, then run the job again: no credential went through the proxy.'
  }
  if (error instanceof ProxySettingError) {
    return (
      'Correct that proxy variable, then run the job again. A runner set up with a proxy exports it to every step. ' +
      'The step sent no request.'
    )
  }
  if (error !== undefined && !(error instanceof OwnError)) {
    return (
      'This is a fault of the action, not of the workflow. ' +
      'Re-run the job with debug logging on to see the whole stack, and report it with the location above.'
    )
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
  return (
    'The platform or the connection kept failing after the retries. Run the job again later. ' +
    'If it goes on failing, report the request id to the platform.'
  )
}
