/**
 * TLS in front of a plain-HTTP emulator (the platform's or GitHub's), as the real services
 * answer: it ends TLS with a certificate of the test CA and passes the bytes on to the
 * emulator's port, so the emulator, its faults and its log work unchanged. It can also take a
 * connection and never answer its TLS handshake, as a server or middlebox that hangs.
 */
import { connect, createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { createServer, type TLSSocket } from 'node:tls'
import type { ServerCertificate } from './test-ca.ts'

export interface TlsFront {
  /** The emulator's URL with https and the front's port: `https://127.0.0.1:<port>/api/v2`. */
  url: string
  /** The same with `localhost` for the host, for tests of names (NO_PROXY, the certificate's names). */
  urlByName: string
  /**
   * The next connection is taken and its TLS handshake never answered (what it sends is read and
   * dropped); the ones after it are served. `reached` resolves once that connection came.
   */
  stallNextHandshake(): { reached: Promise<void> }
  stop(): Promise<void>
}

/** Starts a TLS front on 127.0.0.1 for the emulator at `emulatorUrl` (http, on loopback). */
export async function startTlsFront(emulatorUrl: string, certificate: ServerCertificate): Promise<TlsFront> {
  const behind = new URL(emulatorUrl)
  if (behind.protocol !== 'http:') throw new Error('the emulator behind a TLS front speaks plain http')
  const sockets = new Set<Socket>()
  const track = (socket: Socket): void => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const tls = createServer(certificate, (client: TLSSocket) => {
    track(client)
    const upstream = connect(Number(behind.port), behind.hostname.replace(/^\[|\]$/g, ''))
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  // A client that refuses the certificate ends the handshake: that is the test's point, not an error here.
  tls.on('tlsClientError', () => undefined)
  let stall: (() => void) | undefined
  const server: Server = createTcpServer((socket) => {
    track(socket)
    const stalled = stall
    stall = undefined
    if (stalled === undefined) return void tls.emit('connection', socket)
    socket.resume()
    stalled()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const path = behind.pathname === '/' ? '' : behind.pathname
  return {
    url: `https://127.0.0.1:${port}${path}`,
    urlByName: `https://localhost:${port}${path}`,
    stallNextHandshake: () => ({ reached: new Promise<void>((resolve) => (stall = resolve)) }),
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
