/** GET /meta. The ranges of GitHub-hosted runners change often, so every step reads them. */
import { ActionError } from '../base/errors.ts'
import { parseBlock, type Block } from '../base/networks.ts'
import { describeRequestFailure } from '../http/answers.ts'
import { RequestError } from '../http/errors.ts'
import { DEFAULT_GITHUB_API_URL, GitHubClient, type GitHubClientOptions } from './client.ts'

/**
 * GitHub's answer is a few hundred kB. Building the ranges is work the step's deadline cannot stop, so a larger
 * answer is refused unread and a longer list is not built.
 */
const META_BODY_LIMIT = 4 * 1024 * 1024
const MAX_RUNNER_RANGES = 50_000
/** A wider runner range, such as 0.0.0.0/0, would pass every key: it is left out as unreadable. */
const WIDEST_PREFIX = { ipv4: 8, ipv6: 16 } as const

const UNAUTHENTICATED_LIMIT =
  ' Reads without a token share a limit of 60 an hour per address, and a GitHub-hosted runner shares its address. ' +
  'Set `github-token` (`${{ github.token }}` will do), and the read counts against the token instead.'
const NAME_THE_NETWORKS = 'name their networks in `expected-networks` instead of `github-actions`'

/** `unreadable`: entries that are no address or CIDR block, or a wider one. */
export interface RunnerRanges {
  blocks: Block[]
  unreadable: number
  firstUnreadable?: unknown
}

/** Fails, saying what to do, when GitHub does not answer, answers too much, or lists no range the action can read. */
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
          `GitHub's meta API (GET /meta) answered more than ${META_BODY_LIMIT / 1024 / 1024} MiB, ` +
            "but GitHub's answer is a few hundred kB. The answer was not read. " +
            `Check that GITHUB_API_URL leads to GitHub's API, or ${NAME_THE_NETWORKS}.`,
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
      "GitHub's meta API lists no ranges of GitHub-hosted runners (`actions`). This happens on GitHub Enterprise " +
        `Server, whose runners are all self-hosted. There, ${NAME_THE_NETWORKS}.`,
    )
  }
  const lists = [meta.actions, Array.isArray(meta.actions_macos) ? (meta.actions_macos as unknown[]) : []]
  const listed = lists[0]!.length + lists[1]!.length
  if (listed > MAX_RUNNER_RANGES) {
    throw new ActionError(
      `GitHub's meta API lists ${listed} ranges of GitHub-hosted runners, ` +
        `more than the ${MAX_RUNNER_RANGES} the action reads (GitHub lists several thousand). They were not read. ` +
        `Check that GITHUB_API_URL leads to GitHub's API, or ${NAME_THE_NETWORKS}.`,
    )
  }
  const ranges: RunnerRanges = { blocks: [], unreadable: 0 }
  for (const entry of lists.flat()) {
    const block = typeof entry === 'string' ? parseBlock(entry) : undefined
    if (block && block.prefix >= WIDEST_PREFIX[block.family]) ranges.blocks.push(block)
    else if (ranges.unreadable++ === 0) ranges.firstUnreadable = entry
  }
  // No range would make every runner's address unexpected, and prune-keys would revoke every key a runner used.
  if (ranges.blocks.length === 0) {
    const none =
      listed === 0 ? 'an empty list' : `${listed} entries, none an address or a CIDR block no wider than a network`
    throw new ActionError(
      `GitHub's meta API lists no range of GitHub-hosted runners the action can read (\`actions\` and ` +
        `\`actions_macos\` hold ${none}). This happens on GitHub Enterprise Server, ` +
        `whose runners are all self-hosted. There, ${NAME_THE_NETWORKS}. The step stopped before listing any key.`,
    )
  }
  return ranges
}
