import { scopeOf, type KeyNamespace } from '../api/namespace.ts'
import { keyNamespaceFor, organizationOutput } from '../api/organization.ts'
import type { ApiKey } from '../api/types.ts'
import { messageOf } from '../base/errors.ts'
import { quoted, untrusted } from '../base/text.ts'
import { creatorName, madeBySomeoneWhoLeft, openMembers, warnUnknownCreators } from '../keys/creators.ts'
import { openExpectedNetworks, usedFromElsewhere } from '../keys/networks.ts'
import { describeSpan, judgeKeys, type PruneKeysSettings, type Verdict } from '../keys/pruning.ts'
import { revokeInTurn } from '../keys/revocation.ts'
import { readKeysAndOwnKey, type OwnKey } from '../keys/usage.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { formatDate, heading, paragraph, table, type Cell } from '../runner/summary.ts'

/**
 * No selector gets round prune-keys' guards (docs/prune.md):
 * - a dry run unless `dry-run: false`;
 * - never the step's own key, and nothing when it cannot tell which key that is;
 * - never a key used or made within IN_USE_WINDOW_MS;
 * - nothing when more than `max-revoke` keys are selected.
 */

/** The log names at most this many keys; the summary and the outputs hold more. */
const MAX_LOGGED_KEYS = 100
/** Warnings name at most this many keys whose creator is not known. */
const MAX_NAMED_UNKNOWN = 10

export async function runPruneKeys(ctx: CommandContext, options: PruneKeysSettings): Promise<CommandResult> {
  const expected = options.expectedNetworks && (await openExpectedNetworks(ctx, options.expectedNetworks))
  const namespace = await keyNamespaceFor(ctx, { orgId: options.orgId })
  const members =
    options.expectedCreators && namespace.kind === 'organization' ? await openMembers(ctx, namespace.orgId) : undefined
  // A key listed twice is judged, counted and revoked once.
  const { keys, own } = await readKeysAndOwnKey(ctx.client, ctx.clock, namespace)
  const now = ctx.clock.now()
  const verdicts = judgeKeys(keys, options, now, own, { expected, members })
  const selected = verdicts.filter((v) => v.kept === undefined)
  const kept = verdicts.filter((v) => v.kept !== undefined)
  const where =
    namespace.kind === 'organization'
      ? `the keys of organization ${untrusted(namespace.orgId)}`
      : "the personal keys of the step's user"

  ctx.log.info(
    `Pruning ${where}: ${keys.length} key(s) listed; selecting ${describeSelectors(options)}.` +
      (options.dryRun ? ' Dry run: nothing is revoked.' : ''),
  )
  ctx.log.info(describeOwnKey(own))
  if (members) {
    const prefix = options.keyNamePrefix
    const named = keys.filter((k) => prefix === undefined || k.name.startsWith(prefix))
    warnUnknownCreators(ctx, named, members, MAX_NAMED_UNKNOWN)
  }
  logVerdicts(ctx, verdicts, options.dryRun, namespace)

  const reason = describeWhyNothingIsRevoked(selected.length, options.maxRevoke, own, where)
  const revoked: number[] = []
  let failure: string | undefined
  if (selected.length === 0) {
    ctx.log.info('No key is selected: there is nothing to revoke.')
  } else if (options.dryRun) {
    if (reason) ctx.log.warning(`A run with \`dry-run: false\` would revoke nothing: ${reason}`)
    else ctx.log.info(`Dry run: ${selected.length} key(s) would be revoked. Set \`dry-run: false\` to revoke them.`)
  } else if (reason) {
    failure = `Nothing was revoked: ${reason}`
  } else {
    failure = (await revokeSelected(ctx, selected, namespace, revoked)).failure
  }

  return {
    outputs: {
      'prunable-key-ids': JSON.stringify(selected.map((v) => v.key.id)),
      'revoked-key-ids': JSON.stringify(revoked),
      ...(expected && {
        'unexpected-use-key-ids': JSON.stringify(
          verdicts.filter((v) => usedFromElsewhere(v.key, expected.list)).map((v) => v.key.id),
        ),
      }),
      ...(members && {
        'unexpected-creator-key-ids': JSON.stringify(
          verdicts.filter((v) => madeBySomeoneWhoLeft(v.key, members)).map((v) => v.key.id),
        ),
      }),
      ...organizationOutput(namespace),
    },
    summary: summarize({ where, options, selected, kept, revoked, blocked: reason, failure, namespace }),
    failure,
  }
}

/**
 * Past `max-revoke` the selector is likely wrong: revoking the oldest would still revoke that many keys, and as many
 * on every run. Revoking none makes a person look.
 */
function describeWhyNothingIsRevoked(count: number, maxRevoke: number, own: OwnKey, where: string): string | undefined {
  if (count > maxRevoke) {
    return (
      `${count} keys are selected, more than \`max-revoke\` (${maxRevoke}). ` +
      'Check the selectors against the list in the job summary. ' +
      `If every key there should go, set \`max-revoke\` to ${count} or more for one run.`
    )
  }
  if (own.kind === 'unknown' && count > 0) {
    return (
      `the step's key is one of ${where}, and none of them shows a use by this step (last_used_at), so the action cannot tell which key is its own. ` +
      'The platform may record key use late, so run the step again in a few minutes.'
    )
  }
  return undefined
}

async function revokeSelected(
  ctx: CommandContext,
  selected: Verdict[],
  namespace: KeyNamespace,
  revoked: number[],
): Promise<{ failure?: string }> {
  const byId = new Map(selected.map((v) => [v.key.id, v]))
  const ids = selected.map((v) => v.key.id)
  const run = await revokeInTurn(ctx, ids, namespace, {
    revoked: (id) => {
      const { key, reasons } = byId.get(id)!
      ctx.log.info(`Revoked API key ${key.id} ${quoted(key.name, 80)}: ${untrusted(reasons.join('; '), 1000)}.`)
    },
  })
  revoked.push(...run.revoked)
  if (!run.failed) return {}
  const { id, error, uncertain } = run.failed
  const before = run.revoked.length > 0 ? ` Revoked before it: ${run.revoked.join(', ')}.` : ''
  const maybe = uncertain ? ` API key ${id} may or may not be revoked: check it with list-keys.` : ''
  const done = `${maybe}${before || (uncertain ? ' No other key was.' : ' No key was revoked.')}`
  return { failure: `${messageOf(error)}${done}` }
}

function describeSelectors(options: PruneKeysSettings): string {
  const unused =
    options.unusedForMs === undefined
      ? ''
      : ` and keys not used for ${describeSpan(options.unusedForMs)} (or never used and older)`
  const named =
    options.keyNamePrefix === undefined
      ? ''
      : `, among keys whose names start with ${quoted(options.keyNamePrefix, 80)}`
  const elsewhere = options.expectedNetworks ? ' and keys last used from outside `expected-networks`' : ''
  const departed = options.expectedCreators ? ' and keys made by someone who left the organization' : ''
  return `keys whose names say they have expired${unused}${elsewhere}${departed}${named}`
}

function describeOwnKey(own: OwnKey): string {
  switch (own.kind) {
    case 'elsewhere':
      return `The step's key is ${own.where}.`
    case 'found':
      return own.ids.length === 1
        ? `The step's own key is API key ${own.ids[0]} (its last use is this step). It is never pruned.`
        : `The step's own key is one of API keys ${own.ids.join(', ')} (each used within a minute of this step). ` +
            'None of them is pruned.'
    case 'unknown':
      return "The step's key is among these keys, but none shows a use by this step: the action cannot tell which one is its own."
  }
}

function logVerdicts(ctx: CommandContext, verdicts: Verdict[], dryRun: boolean, namespace: KeyNamespace): void {
  for (const verdict of verdicts.slice(0, MAX_LOGGED_KEYS)) {
    const { key, reasons, kept } = verdict
    const message = `API key ${key.id} ${quoted(key.name, 80)} (${untrusted(scopeText(namespace, key), 80)}): ${untrusted(reasons.join('; '), 1000)}`
    if (kept !== undefined) ctx.log.info(`Kept ${message}; but ${untrusted(kept, 1000)}.`)
    else if (dryRun) ctx.log.info(`Would revoke ${message}.`)
  }
  if (verdicts.length > MAX_LOGGED_KEYS) {
    ctx.log.info(
      `…and ${verdicts.length - MAX_LOGGED_KEYS} more: every one is in the job summary and in \`prunable-key-ids\`.`,
    )
  }
}

function scopeText(namespace: KeyNamespace, key: ApiKey): string {
  const scope = scopeOf(namespace, key)
  return scope === 'project' ? `project ${key.project_id}` : scope
}

interface SummaryParts {
  where: string
  options: PruneKeysSettings
  selected: Verdict[]
  kept: Verdict[]
  revoked: number[]
  blocked?: string
  failure?: string
  namespace: KeyNamespace
}

function summarize(parts: SummaryParts): string {
  const { options, selected, kept, revoked, blocked, failure, namespace } = parts
  const title = options.dryRun
    ? `API keys to prune, dry run (${selected.length})`
    : `API keys pruned (${revoked.length} of ${selected.length})`
  const rows = (verdicts: Verdict[], why: (v: Verdict) => string): Cell[][] =>
    verdicts.map((v) => [
      { code: String(v.key.id) },
      v.key.name,
      scopeText(namespace, v.key),
      formatDate(v.key.created_at),
      creatorName(v.key),
      formatDate(v.key.last_used_at),
      v.key.last_used_from_addr,
      why(v),
    ])
  const headers = ['id', 'name', 'scope', 'created', 'created by', 'last used', 'from', 'why']
  // A failure is the outcome, and main.ts adds it below the summary.
  let outcome = ''
  if (selected.length === 0) outcome = 'No key is selected: nothing was revoked.'
  else if (options.dryRun) {
    outcome = blocked
      ? `Dry run: nothing was revoked. A run with dry-run: false would revoke none of them: ${blocked}`
      : `Dry run: nothing was revoked. A run with dry-run: false revokes these ${selected.length} key(s).`
  } else if (!failure) outcome = `Revoked ${revoked.length} key(s).`
  return (
    heading(title) +
    paragraph(`Looked at ${parts.where}, selecting ${describeSelectors(options)}.`) +
    (selected.length > 0
      ? table(
          headers,
          rows(selected, (v) => v.reasons.join('; ')),
        )
      : '') +
    (outcome ? paragraph(outcome) : '') +
    (kept.length > 0
      ? heading(`Selected, but kept by a guard (${kept.length})`, 4) +
        table(
          headers,
          rows(kept, (v) => `${v.reasons.join('; ')}; kept: ${v.kept}`),
        )
      : '')
  )
}
