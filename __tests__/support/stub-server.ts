/**
 * A plain HTTP server on a free port of 127.0.0.1 that answers as its handler says: a stand-in
 * where a test needs an answer the emulators never give, or a host that must never be reached.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface StubServer {
  /** `http://127.0.0.1:<port>`, no path. */
  url: string
  /** The requests it has been sent so far, the one being handled included. */
  hits: number
  /** Stops listening and closes its connections, idle or in the middle of an answer. */
  close(): Promise<void>
}

export async function stubServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<StubServer> {
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    stub.hits++
    handler(req, res)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const stub: StubServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        // A second close finds the server stopped: nothing more to do.
        server.close(() => resolve())
      }),
  }
  return stub
}
