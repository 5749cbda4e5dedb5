// Runs the platform emulator from the command line, seeded as emulator/seed.ts says (and
// `npm run step` seeds it): a working key, some projects, one project whose operations change
// status over time, and keys with a past for prune-keys to find and to keep.
//   node emulator/cli.ts [--port N] [--projects N] [--host H] [--write-env PATH] [--rate-limits[=fixed]]
//                        [--history-projects N [--history-operations N] [--history-days N] [--seed N]]
// --rate-limits enforces the service's rate limits (700 requests a minute, 40 a second per
// route), answering 429 with Retry-After; `=fixed` counts calendar minutes instead of any 60 s.
// --write-env appends NEON_EMULATOR_URL, NEON_EMULATOR_API_KEY (a personal key of an admin of
// the one organization), NEON_EMULATOR_ORG_ID and NEON_EMULATOR_PROJECT_ID (KEY=value lines),
// e.g. to $GITHUB_ENV, so later workflow steps can use the emulator.
// --history-projects adds that many projects to the organization, each with --history-operations
// operations (default 1000) over the last --history-days days (default 7), statuses mixed, made
// from --seed (default 1): what list-operations reads.
import { appendFileSync } from 'node:fs'
import { PlatformEmulator } from './platform.ts'
import { seedAccount, seedOrganizationHistory } from './seed.ts'

const USAGE =
  'usage: node emulator/cli.ts [--port N] [--projects N] [--host H] [--write-env PATH] [--rate-limits[=sliding|fixed]]\n' +
  '                            [--history-projects N [--history-operations N] [--history-days N] [--seed N]]'

interface CliOptions {
  port: number
  projects: number
  host: string
  envFile?: string
  rateLimits?: 'sliding' | 'fixed'
  history: { projects: number; operations: number; days: number; seed: number }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`)
  process.exit(2)
}

function integerArg(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw)) fail(`${flag} needs a whole number`)
  const value = Number(raw)
  if (value < min || value > max) fail(`${flag} must be between ${min} and ${max}`)
  return value
}

function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = {
    port: 0,
    projects: 12,
    host: '127.0.0.1',
    history: { projects: 0, operations: 1000, days: 7, seed: 1 },
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined]
    const value = (): string | undefined => inline ?? argv[++i]
    switch (flag) {
      case '--port':
        options.port = integerArg(flag, value(), 0, 65535)
        break
      case '--projects':
        options.projects = integerArg(flag, value(), 0, 100_000)
        break
      case '--host': {
        const host = value()
        if (!host) fail('--host needs a value')
        options.host = host
        break
      }
      case '--write-env': {
        const file = value()
        if (!file) fail('--write-env needs a path')
        options.envFile = file
        break
      }
      case '--history-projects':
        options.history.projects = integerArg(flag, value(), 0, 10_000)
        break
      case '--history-operations':
        options.history.operations = integerArg(flag, value(), 1, 1_000_000)
        break
      case '--history-days':
        options.history.days = integerArg(flag, value(), 1, 183)
        break
      case '--seed':
        options.history.seed = integerArg(flag, value(), 0, 2 ** 31 - 1)
        break
      case '--rate-limits':
        if (inline !== undefined && inline !== 'sliding' && inline !== 'fixed')
          fail('--rate-limits takes sliding or fixed')
        options.rateLimits = inline ?? 'sliding'
        break
      case '-h':
      case '--help':
        process.stdout.write(`${USAGE}\n`)
        process.exit(0)
        break
      default:
        fail(`unknown argument: ${arg}`)
    }
  }
  return options
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2))
  const emulator = new PlatformEmulator(options.rateLimits ? { rateLimits: { window: options.rateLimits } } : {})
  const { admin, projectIds, operationsProject } = seedAccount(emulator, options.projects)
  const history = options.history
  const started = performance.now()
  const busy = seedOrganizationHistory(emulator, { orgId: emulator.defaultOrgId, ...history })
  const seededMs = performance.now() - started

  const url = await emulator.start(options.port, options.host)
  const origin = new URL(url).origin
  if (options.envFile) {
    appendFileSync(
      options.envFile,
      `NEON_EMULATOR_URL=${url}\nNEON_EMULATOR_API_KEY=${admin.key}\nNEON_EMULATOR_ORG_ID=${emulator.defaultOrgId}\n` +
        `NEON_EMULATOR_PROJECT_ID=${operationsProject}\n`,
    )
  }
  process.stdout.write(
    [
      'Platform emulator running',
      `  url:       ${url}`,
      `  api key:   ${admin.key} (personal, an admin of the organization)`,
      `  org:       ${emulator.defaultOrgId}`,
      `  projects:  ${projectIds.length} (operations seeded on ${operationsProject})`,
      ...(history.projects > 0
        ? [
            `  history:   ${busy.projectIds.length} more projects, ${history.operations} operations each over ${history.days} days ` +
              `(seed ${history.seed}; made in ${Math.round(seededMs)} ms)`,
          ]
        : []),
      `  control:   ${origin}/_emulator/faults, ${origin}/_emulator/requests`,
      `  limits:    ${options.rateLimits ? `the service's rate limits (${options.rateLimits} windows)` : "none (--rate-limits enforces the service's)"}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  )

  let stopping = false
  const shutdown = (): void => {
    if (stopping) return
    stopping = true
    emulator.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

main().catch((err: unknown) => {
  process.stderr.write(`emulator failed to start: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
