/**
 * Prism (`@stoplight/prism-cli`, a dev dependency) serving an API description as a mock server on
 * 127.0.0.1, in a child process: it answers each call with the description's example, or with an
 * answer it makes from the schema, and answers 422 to a request the description does not allow.
 * A recording front on 127.0.0.1 passes every request on to it and keeps each exchange, for the
 * test to read what a step asked and what it was answered.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The longest Prism may take to start before the test fails. */
const START_TIMEOUT_MS = 30_000

export interface Exchange {
  method: string
  /** The path, without the query. */
  path: string
  query: Record<string, string>
  /** The request's JSON body, when it had one. */
  requestBody?: unknown
  status: number
  /** The answer's JSON body; its text when it is not JSON; undefined when empty. */
  body: unknown
}

export interface PrismServer {
  /** The recording front, `http://127.0.0.1:<port>`: what a step takes as `api-host`. */
  url: string
  /** The exchanges since the last call, oldest first; forgets them. */
  take(): Exchange[]
  stop(): Promise<void>
}

/** Prism's command line entry, as its package names it (`bin.prism`). */
function prismBin(): string {
  const manifest = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }
  return join(dirname(manifest), bin.prism!)
}

/** Starts Prism on `file` (a description, JSON or YAML) on a port the system picks, and the front before it. */
export async function startPrism(file: string): Promise<PrismServer> {
  const child = spawn(process.execPath, [prismBin(), 'mock', '-h', '127.0.0.1', '-p', '0', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Prism logs every request: its output is read all along, or a full pipe would stall it, and kept until it listens.
  let log = ''
  let starting = true
  const keep = (chunk: string) => {
    if (starting) log += chunk
  }
  child.stdout.setEncoding('utf8').on('data', keep)
  child.stderr.setEncoding('utf8').on('data', keep)
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()))
  let upstream: string
  try {
    upstream = await listening(child, () => log)
    // The log line says it listens; one answer says it serves.
    const probe = await fetch(`${upstream}/auth`, { headers: { authorization: 'Bearer probe' } })
    await probe.arrayBuffer()
  } catch (error) {
    child.kill('SIGKILL')
    await closed
    const why = `Prism did not start on ${file}: ${(error as Error).message}`
    throw new Error(`${why}\nIts output:\n${log.slice(-4000)}`, { cause: error })
  }
  starting = false
  log = ''
  const exchanges: Exchange[] = []
  const front = recordingFront(new URL(upstream), exchanges)
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    take: () => exchanges.splice(0),
    stop: async () => {
      front.closeAllConnections()
      await new Promise<void>((resolve) => front.close(() => resolve()))
      child.kill('SIGTERM')
      await closed
    },
  }
}

/** The URL Prism prints once it listens; rejects if it ends first or does not listen within START_TIMEOUT_MS. */
function listening(child: ChildProcess, log: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const late = () => done(new Error(`it did not listen within ${START_TIMEOUT_MS / 1000} s`))
    const timer = setTimeout(late, START_TIMEOUT_MS)
    const onData = () => {
      const match = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log())
      if (match) done(match[1]!)
    }
    const onClose = (code: number | null) => done(new Error(`it ended with code ${code}`))
    const done = (outcome: string | Error) => {
      clearTimeout(timer)
      child.stdout!.off('data', onData)
      child.off('close', onClose)
      if (typeof outcome === 'string') resolve(outcome)
      else reject(outcome)
    }
    child.stdout!.on('data', onData)
    child.once('close', onClose)
  })
}

function recordingFront(upstream: URL, exchanges: Exchange[]): Server {
  return createServer((req, res) => {
    const sent: Buffer[] = []
    req.on('data', (chunk: Buffer) => sent.push(chunk))
    req.on('end', () => {
      const requestBody = Buffer.concat(sent)
      const target = new URL(req.url ?? '/', upstream)
      const headers = { ...req.headers, host: upstream.host }
      const forward = httpRequest(target, { method: req.method, headers }, (answer) => {
        const got: Buffer[] = []
        answer.on('data', (chunk: Buffer) => got.push(chunk))
        answer.on('end', () => {
          const body = Buffer.concat(got)
          exchanges.push({
            method: req.method ?? 'GET',
            path: target.pathname,
            query: Object.fromEntries(target.searchParams),
            ...(requestBody.length > 0 && { requestBody: parsed(requestBody) }),
            status: answer.statusCode ?? 0,
            body: parsed(body),
          })
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          res.end(body)
        })
      })
      forward.on('error', (error) => res.destroy(error))
      forward.end(requestBody)
    })
  })
}

function parsed(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined
  const text = bytes.toString('utf8')
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
