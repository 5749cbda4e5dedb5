import { Agent, buildConnector } from 'undici'

/**
 * A connection pool whose connects fail as a closed port's do (ECONNREFUSED): a server that is
 * gone, without counting on its port staying closed, since on a shared machine another process
 * may take it. `refuse()` starts refusing (every origin, or only `origin`); until then, and for
 * other origins, connections are made as usual.
 */
export function refusedConnections(refusing: 'all' | 'none' = 'all'): {
  dispatcher: Agent
  refuse(origin?: string): void
} {
  const connect = buildConnector({})
  let all = refusing === 'all'
  const origins = new Set<string>()
  const dispatcher = new Agent({
    connect: (options, callback) => {
      const origin = new URL(`${options.protocol}//${options.hostname}:${options.port}`).origin
      if (!all && !origins.has(origin)) return connect(options, callback)
      const error = Object.assign(new Error(`connect ECONNREFUSED ${options.hostname}:${options.port}`), {
        code: 'ECONNREFUSED',
        syscall: 'connect',
      })
      callback(error, null)
    },
  })
  return {
    dispatcher,
    refuse: (origin) => {
      if (origin === undefined) all = true
      else origins.add(new URL(origin).origin)
    },
  }
}
