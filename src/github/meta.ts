/** GitHub's meta API (GET /meta): the ranges of GitHub-hosted runners, which change often, read at the time of the step. */
import { ActionError } from '../base/errors.ts'
import { describeRequestFailure } from '../http/answers.ts'
import { RequestError } from '../http/errors.ts'
import { DEFAULT_GITHUB_API_URL, GitHubClient, type GitHubClientOptions } from './client.ts'

const UNAUTHENTICATED_LIMIT =
  ' Reads without a token share a limit of 60 an hour per address, and a GitHub-hosted runner shares its address: ' +
  'set `github-token` (`${{ github.token }}` will do) and the read counts against the token instead.'

/** `actions` and `actions_macos`; fails, saying what to do, when GitHub does not answer or lists none (GitHub Enterprise Server). */
export async function readRunnerRanges(options: Omit<GitHubClientOptions, 'apiUrl'> & { apiUrl?: string | undefined }, deadline: number) {
  const client = new GitHubClient({ ...options, apiUrl: options.apiUrl ?? DEFAULT_GITHUB_API_URL })
  const meta = await client.get('/meta', deadline).then(
    (answer) => answer.body as { actions?: unknown; actions_macos?: unknown } | null | undefined,
    (error: unknown) => {
      if (!(error instanceof RequestError)) throw error
      const hint = error.rateLimited && options.token === undefined ? UNAUTHENTICATED_LIMIT : ''
      throw new ActionError(`Could not read GitHub's runner ranges (GET /meta): ${describeRequestFailure(error)}.${hint}`, { cause: error })
    },
  )
  if (!Array.isArray(meta?.actions)) {
    throw new ActionError(
      "GitHub's meta API lists no ranges of GitHub-hosted runners (`actions`), as on GitHub Enterprise Server, whose runners are all self-hosted: " +
        'name their networks in `expected-networks` instead of `github-actions`.',
    )
  }
  const lists = [meta.actions, meta.actions_macos].flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []))
  return lists.filter((range): range is string => typeof range === 'string')
}
