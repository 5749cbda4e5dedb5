/**
 * `node scripts/bench-prune.ts [runs]`: what a prune-keys sweep costs, against the local platform
 * emulator (started in this process), running the committed dist/index.js as a runner does
 * (scripts/run-step.ts, real time). Prints the median and range of the wall time of each case,
 * from spawn to exit (setting up the step's files included), and the requests it made.
 *
 * - a dry run over 10,000 personal keys (the vendor advises fewer per account), 500 of them
 *   expired and 500 idle for a year;
 * - a real run that revokes 50 keys (the default `max-revoke`) out of 1,000.
 *
 * It never fails on a number; it stops if a step fails, since its figure would mean nothing.
 */
import { performance } from 'node:perf_hooks'
import { expiringKeyName } from '../emulator/names.ts'
import { PlatformEmulator } from '../emulator/platform.ts'
import { runStep } from './run-step.ts'

const RUNS = Number(process.argv[2] ?? 5)
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`runs must be a positive integer, not ${process.argv[2]}`)
const DAY = 86_400_000

/** An account of `total` personal keys: `expired` expired by name, `idle` unused for a year, the rest in use. */
function account(total: number, expired: number, idle: number): { platform: PlatformEmulator; key: string } {
  const platform = new PlatformEmulator()
  const now = Date.now()
  const key = platform.addKey('sweeper', { createdAt: now - 400 * DAY, lastUsedAt: now - DAY }).key
  for (let i = 0; i < total - 1; i++) {
    if (i < expired) platform.addKey(expiringKeyName(`job-${i}`, now - DAY), { createdAt: now - 2 * DAY })
    else if (i < expired + idle) platform.addKey(`idle-${i}`, { createdAt: now - 500 * DAY, lastUsedAt: now - 365 * DAY })
    else platform.addKey(`busy-${i}`, { createdAt: now - 100 * DAY, lastUsedAt: now - DAY })
  }
  return { platform, key }
}

async function measure(label: string, total: number, inputs: Record<string, string>, expected: number): Promise<void> {
  const times: number[] = []
  let requests = ''
  for (let run = 0; run < RUNS; run++) {
    const { platform, key } = account(total, inputs['dry-run'] === 'false' ? 50 : 500, inputs['dry-run'] === 'false' ? 0 : 500)
    const url = await platform.start()
    try {
      const started = performance.now()
      const result = await runStep({ 'api-key': key, 'api-host': url, command: 'prune-keys', ...inputs }, { time: 'real', entry: 'bundle' })
      times.push(performance.now() - started)
      const selected = (JSON.parse(result.outputs['prunable-key-ids'] ?? '[]') as number[]).length
      if (result.code !== 0 || selected !== expected) {
        throw new Error(`${label}: exit ${result.code}, ${selected} selected (expected ${expected})\n${result.stdout}`)
      }
      const counts = new Map<string, number>()
      for (const r of platform.requests) counts.set(r.method, (counts.get(r.method) ?? 0) + 1)
      requests = [...counts].map(([method, n]) => `${n} ${method}`).join(', ')
    } finally {
      await platform.stop()
    }
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!
  console.log(
    `${label}: median ${median.toFixed(0)} ms (${times[0]!.toFixed(0)}–${times.at(-1)!.toFixed(0)} ms, ${RUNS} runs); requests: ${requests}`,
  )
}

console.log(`prune-keys against the emulator, dist/index.js, Node ${process.version}`)
await measure('dry run, 10,000 keys, 1,000 selected', 10_000, { 'unused-for': '180d', 'max-revoke': '1000' }, 1000)
await measure('real run, 1,000 keys, 50 revoked', 1_000, { 'dry-run': 'false' }, 50)
