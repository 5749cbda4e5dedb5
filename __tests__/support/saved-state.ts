import { SAVED_LIFE } from '../../src/keys/ledger.ts'

/** The state a main step saves for its post step when its job key `id` is all that is left (keys/life.ts). */
export function jobKeyState(id: number, name = 'job', org?: string): Record<string, string> {
  const saved = { name, ...(org ? { org } : {}), known: [id], pending: [], jobKey: id, finished: true }
  return { [SAVED_LIFE]: JSON.stringify(saved) }
}

/** The saved record of a key's life, read back. */
export function savedLife(state: Record<string, string>): unknown {
  return JSON.parse(state[SAVED_LIFE]!) as unknown
}
