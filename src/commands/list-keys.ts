import { scopeOf, listKeysIn } from '../api/namespace.ts'
import { keyNamespaceFor, organizationOutput } from '../api/organization.ts'
import type { ApiKey } from '../api/types.ts'
import { quoted, untrusted } from '../base/text.ts'
import type { ListKeysSettings } from '../inputs/keys.ts'
import {
  creatorName,
  creatorStatus,
  describeUnexpectedCreator,
  madeBySomeoneWhoLeft,
  openMembers,
  warnUnknownCreators,
  type Members,
} from '../keys/creators.ts'
import { describeUnexpectedUse, openExpectedNetworks, usedFromElsewhere } from '../keys/networks.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { writeListFile } from '../runner/outputs.ts'
import { docsPage, formatDate, heading, paragraph, tableOf, type Part } from '../runner/summary.ts'

/** The log or a failure names at most this many keys. The outputs hold them all, and the summary its first rows. */
const MAX_NAMED_KEYS = 10
const NEXT =
  'Each may have leaked. Revoke it by its id (revoke-key with `key-id`), and rotate what held it. ' +
  "Look for its other uses in the platform's audit log. "
const NEXT_CREATORS =
  'Each stays valid until someone revokes it. ' +
  'Find what uses it, move that to a key of a present member, then revoke it by its id. '

type FlagOutput = 'unexpected-use-key-ids' | 'unexpected-creator-key-ids'

interface Flagged<K extends ApiKey> {
  keys: K[]
  failure?: string
}

/**
 * Lists every key, or those whose names start with `key-name`, without values. `keys-file` always holds them all,
 * and `keys` holds them when they fit. With `expected-networks`, the tripwire flags keys last used from elsewhere.
 * With `expected-creators`, the step flags keys made by someone who left the organization.
 */
export async function runListKeys(ctx: CommandContext, options: ListKeysSettings): Promise<CommandResult> {
  const expected = options.expectedNetworks && (await openExpectedNetworks(ctx, options.expectedNetworks))
  const namespace = await keyNamespaceFor(ctx, options)
  const members =
    options.expectedCreators && namespace.kind === 'organization' ? await openMembers(ctx, namespace.orgId) : undefined
  const prefix = options.keyNamePrefix
  const keys = (await listKeysIn(ctx.client, namespace))
    .filter((k) => prefix === undefined || k.name.startsWith(prefix))
    .map((k) => ({ ...k, scope: scopeOf(namespace, k) }))
  const where = namespace.kind === 'organization' ? ` of organization ${untrusted(namespace.orgId)}` : ''
  const whose = prefix === undefined ? '' : ` whose names start with ${quoted(prefix, 80)}`
  ctx.log.info(`Found ${keys.length} API key(s)${where}${whose}.`)
  const json = JSON.stringify(keys)
  const path = await writeListFile(ctx.fileDir, 'keys', json)

  const elsewhere = flag(ctx, {
    keys: expected ? keys.filter((k) => usedFromElsewhere(k, expected.list)) : [],
    fail: options.failOnUnexpectedUse,
    reason: 'were last used from an unexpected network, outside `expected-networks`',
    describe: describeUnexpectedUse,
    warning: 'outside `expected-networks`',
    output: 'unexpected-use-key-ids',
  })
  const departed = flag(ctx, {
    keys: members ? keys.filter((k) => madeBySomeoneWhoLeft(k, members)) : [],
    fail: options.failOnUnexpectedCreator,
    reason: 'were made by someone who left the organization (`expected-creators`)',
    describe: (k) => describeUnexpectedCreator(k, members!),
    warning: 'it stays valid until someone revokes it',
    output: 'unexpected-creator-key-ids',
  })
  if (members) warnUnknownCreators(ctx, keys, members, MAX_NAMED_KEYS)
  const failure =
    elsewhere.failure && departed.failure
      ? `${elsewhere.failure} ${departed.failure}`
      : (elsewhere.failure ?? departed.failure)
  const usedElsewhere = new Set(elsewhere.keys)
  const flagged = new Set([...elsewhere.keys, ...departed.keys])
  // A flag that fails the step has its advice in the failure note (src/step.ts); one that only warns has it here.
  const advice = nextSteps(
    ctx,
    elsewhere.keys.length > 0 && !elsewhere.failure,
    departed.keys.length > 0 && !departed.failure,
  )
  const found = (n: number, why: string) => (n > 0 ? `⚠ ${n} key(s), listed first: ${why}.` : 'none.')
  // A check that fails the step is its verdict, in the heading; the failure below it names the keys.
  const verdicts = [
    ...(elsewhere.failure ? [`${elsewhere.keys.length} of ${keys.length} used from an unexpected network`] : []),
    ...(departed.failure ? [`${departed.keys.length} of ${keys.length} made by someone who left`] : []),
  ]
  return {
    outputs: {
      keys: json,
      'keys-file': path,
      ...(expected && { 'unexpected-use-key-ids': JSON.stringify(elsewhere.keys.map((k) => k.id)) }),
      ...(members && { 'unexpected-creator-key-ids': JSON.stringify(departed.keys.map((k) => k.id)) }),
      ...organizationOutput(namespace),
    },
    summary:
      heading(`API keys${where}${whose}${verdicts.length ? `: ${verdicts.join(', ')}` : ` (${keys.length})`}`) +
      (expected && !elsewhere.failure
        ? paragraph(
            `Last used from an unexpected network, outside \`expected-networks\`: ${found(elsewhere.keys.length, 'each may have leaked')}`,
          )
        : '') +
      (members && !departed.failure
        ? paragraph(
            `Made by someone who left the organization (\`expected-creators\`): ${found(departed.keys.length, 'each stays valid until revoked')}`,
          )
        : '') +
      (advice ? paragraph(...advice) : '') +
      tableOf(
        ['id', 'name', 'scope', 'created', 'created by', 'last used', 'from'],
        [...flagged, ...keys.filter((k) => !flagged.has(k))],
        (k) => [
          { code: String(k.id) },
          k.name,
          k.scope === 'project' ? `project ${k.project_id}` : k.scope,
          formatDate(k.created_at),
          creatorCell(k, members),
          formatDate(k.last_used_at),
          usedElsewhere.has(k)
            ? `⚠ unexpected: ${k.last_used_from_addr || 'no address recorded'}`
            : k.last_used_from_addr,
        ],
        { rest: '`keys-file`', title: 'The keys, flagged first' },
      ),
    failure,
    next: nextSteps(ctx, elsewhere.failure !== undefined, departed.failure !== undefined),
  }
}

function nextSteps(ctx: CommandContext, elsewhere: boolean, departed: boolean): Part[] | undefined {
  const next: Part[] = [
    ...(elsewhere
      ? [
          NEXT,
          ...docsPage(ctx.docs('docs/tripwire.md#when-it-fires'), 'When the tripwire fires', 'docs/tripwire.md'),
          '.',
        ]
      : []),
    ...(elsewhere && departed ? [' '] : []),
    ...(departed
      ? [
          NEXT_CREATORS,
          ...docsPage(
            ctx.docs('docs/offboarding.md#when-it-fires'),
            'When the offboarding check fires',
            'docs/offboarding.md',
          ),
          '.',
        ]
      : []),
  ]
  return next.length > 0 ? next : undefined
}

/** With `expected-creators`, the name is marked when the creator left or was deactivated. */
function creatorCell(key: ApiKey, members: Members | undefined): string {
  const status = members ? creatorStatus(key, members) : 'member'
  if (status === 'left') return `⚠ left: ${creatorName(key)}`
  if (status === 'deactivated') return `⚠ deactivated: ${creatorName(key)}`
  return creatorName(key)
}

/**
 * With `fail`, one failure names the first keys. Otherwise a warning names each of the first keys,
 * and one more warning counts the rest, which `output` holds.
 */
function flag<K extends ApiKey>(
  ctx: CommandContext,
  check: {
    keys: K[]
    fail: boolean
    reason: string
    describe: (key: K) => string
    warning: string
    output: FlagOutput
  },
): Flagged<K> {
  const { keys } = check
  const named = keys.slice(0, MAX_NAMED_KEYS)
  const more = keys.length > named.length ? `and ${keys.length - named.length} more in \`${check.output}\`` : ''
  if (check.fail && keys.length > 0) {
    const failure = `${keys.length} API key(s) ${check.reason}: ${named.map((k) => check.describe(k)).join('; ')}${more && `; ${more}`}.`
    return { keys, failure }
  }
  for (const key of named) ctx.log.warning(`${check.describe(key)}: ${check.warning}.`)
  if (more) ctx.log.warning(`…${more}, and in the job summary.`)
  return { keys }
}
