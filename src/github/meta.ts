/** GitHub's meta API (GET /meta): the ranges of GitHub-hosted runners, which change often, read at the time of the step. */
import { ActionError } from '../base/errors.ts'
import { parseBlock, type Block } from '../base/networks.ts'
import { describeRequestFailure } from '../http/answers.ts'
import { RequestError } from '../http/errors.ts'
import { DEFAULT_GITHUB_API_URL, GitHubClient, type GitHubClientOptions } from './client.ts'

/**
 * GitHub's answer is a few hundred kB and lists several thousand runner ranges. Building the
 * ranges is synchronous work the step's deadline cannot stop, so a larger answer is refused unread,
 * and a list of more ranges unbuilt: the work after the read stays a fraction of a second.
 */
const META_BODY_LIMIT = 4 * 1024 * 1024
const MAX_RUNNER_RANGES = 50_000

const UNAUTHENTICATED_LIMIT =
  ' Reads without a token share a limit of 60 an hour per address, and a GitHub-hosted runner shares its address: ' +
  'set `github-token` (`${{ github.token }}` will do) and the read counts against the token instead.'
const NAME_THE_NETWORKS = 'name their networks in `expected-networks` instead of `github-actions`'

/** The runners' ranges the action can read, and how many it could not (not an address or a CIDR block), with the first of them. */
export interface RunnerRanges {
  blocks: Block[]
  unreadable: number
  firstUnreadable?: unknown
}

/**
 * `actions` and `actions_macos`; fails, saying what to do, when GitHub does not answer, answers
 * more than the action reads, or lists no range the action can read (GitHub Enterprise Server).
 */
export async function readRunnerRanges(
  options: Omit<GitHubClientOptions, 'apiUrl'> & { apiUrl?: string | undefined },
  deadline: number,
): Promise<RunnerRanges> {
  const client = new GitHubClient({ ...options, apiUrl: options.apiUrl ?? DEFAULT_GITHUB_API_URL })
  const meta = await client.get('/meta', deadline, { bodyLimit: META_BODY_LIMIT }).then(
    (answer) => answer.body as { actions?: unknown; actions_macos?: unknown } | null | undefined,
    (error: unknown) => {
      if (!(error instanceof RequestError)) throw error
      if (error.code === 'too-large') {
        throw new ActionError(
          `GitHub's meta API (GET /meta) answered more than ${META_BODY_LIMIT / 1024 / 1024} MiB, where GitHub's answer is a few hundred kB: ` +
            `it was not read. Check that GITHUB_API_URL leads to GitHub's API, or ${NAME_THE_NETWORKS}.`,
          { cause: error },
        )
      }
      const hint = error.rateLimited && options.token === undefined ? UNAUTHENTICATED_LIMIT : ''
      throw new ActionError(
        `Could not read GitHub's runner ranges (GET /meta): ${describeRequestFailure(error)}.${hint}`,
        { cause: error },
      )
    },
  )
  if (!Array.isArray(meta?.actions)) {
    throw new ActionError(
      "GitHub's meta API lists no ranges of GitHub-hosted runners (`actions`), as on GitHub Enterprise Server, whose runners are all self-hosted: " +
        `${NAME_THE_NETWORKS}.`,
    )
  }
  const lists = [meta.actions, Array.isArray(meta.actions_macos) ? (meta.actions_macos as unknown[]) : []]
  const listed = lists[0]!.length + lists[1]!.length
  if (listed > MAX_RUNNER_RANGES) {
    throw new ActionError(
      `GitHub's meta API lists ${listed} ranges of GitHub-hosted runners, more than the ${MAX_RUNNER_RANGES} the action reads ` +
        `(GitHub lists several thousand): they were not read. Check that GITHUB_API_URL leads to GitHub's API, or ${NAME_THE_NETWORKS}.`,
    )
  }
  const ranges: RunnerRanges = { blocks: [], unreadable: 0 }
  for (const entry of lists.flat()) {
    const block = typeof entry === 'string' ? parseBlock(entry) : undefined
    if (block) ranges.blocks.push(block)
    else if (ranges.unreadable++ === 0) ranges.firstUnreadable = entry
  }
  // No range at all would make every runner's address unexpected: prune-keys would revoke every key a runner used.
  if (ranges.blocks.length === 0) {
    const none = listed === 0 ? 'an empty list' : `${listed} entries, none an address or a CIDR block`
    throw new ActionError(
      `GitHub's meta API lists no range of GitHub-hosted runners the action can read (\`actions\` and \`actions_macos\` hold ${none}), ` +
        `as on GitHub Enterprise Server, whose runners are all self-hosted: ${NAME_THE_NETWORKS}. The step stopped before listing any key.`,
    )
  }
  return ranges
}
