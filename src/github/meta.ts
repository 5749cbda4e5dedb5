/** GitHub's meta API (GET /meta): the ranges of GitHub-hosted runners, which change often, read at the time of the step. */
import { ActionError } from '../base/errors.ts'
import { parseBlock, type Block } from '../base/networks.ts'
import { describeRequestFailure } from '../http/answers.ts'
import { RequestError } from '../http/errors.ts'
import { DEFAULT_GITHUB_API_URL, GitHubClient, type GitHubClientOptions } from './client.ts'

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
 * `actions` and `actions_macos`; fails, saying what to do, when GitHub does not answer, or lists
 * no range the action can read (GitHub Enterprise Server).
 */
export async function readRunnerRanges(
  options: Omit<GitHubClientOptions, 'apiUrl'> & { apiUrl?: string | undefined },
  deadline: number,
): Promise<RunnerRanges> {
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
        `${NAME_THE_NETWORKS}.`,
    )
  }
  const lists = [meta.actions, Array.isArray(meta.actions_macos) ? (meta.actions_macos as unknown[]) : []]
  const listed = lists[0]!.length + lists[1]!.length
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
