/**
 * A certificate authority made at test time with `openssl`, as a company network has its own:
 * a root CA and server certificates it signs for 127.0.0.1 and localhost, in a temporary
 * folder that `remove()` deletes. `caFile` is what NODE_EXTRA_CA_CERTS names.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface ServerCertificate {
  /** PEM of the server's private key. */
  key: string
  /** PEM of the server certificate alone, as most servers send it. */
  cert: string
}

export interface TestCa {
  /** The folder that holds every file; removed by `remove()`. */
  dir: string
  /** The root certificate's PEM file: the value of NODE_EXTRA_CA_CERTS. */
  caFile: string
  /** The root certificate, PEM. */
  ca: string
  /** A certificate for 127.0.0.1, ::1 and localhost, valid now. */
  server: ServerCertificate
  /** Another certificate signed by the same root, e.g. for a name the server does not have, or out of date. */
  issue(options: { names?: string[]; expired?: boolean }): Promise<ServerCertificate>
  remove(): Promise<void>
}

const LOOPBACK_NAMES = ['IP:127.0.0.1', 'IP:::1', 'DNS:localhost']
/** A new P-256 key (quick to make) and its request. */
const NEW_KEY = 'req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes'

/** Makes a fresh CA and a loopback server certificate. */
export async function makeTestCa(): Promise<TestCa> {
  const dir = await mkdtemp(join(tmpdir(), 'neon-test-ca-'))
  try {
    const caKey = join(dir, 'ca.key')
    const caFile = join(dir, 'ca.pem')
    const root = `${NEW_KEY} -x509 -days 2 -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign`
    await openssl(dir, root, ['-keyout', caKey, '-out', caFile, '-subj', '/CN=neon-api-action test CA'])
    let serial = 1
    const issue = async (options: { names?: string[]; expired?: boolean }): Promise<ServerCertificate> => {
      const name = `server-${serial++}`
      const file = (ending: string): string => join(dir, `${name}.${ending}`)
      const [key, csr, cert, extensions] = [file('key'), file('csr'), file('pem'), file('ext')]
      await openssl(dir, NEW_KEY, ['-keyout', key, '-out', csr, '-subj', '/CN=test server'])
      const names = (options.names ?? LOOPBACK_NAMES).join(',')
      await writeFile(
        extensions,
        `subjectAltName=${names}\nbasicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n`,
      )
      const signed = ['-in', csr, '-out', cert, '-extfile', extensions]
      if (options.expired) {
        // `openssl x509` cannot date a certificate in the past; `openssl ca` can, with a database of its own.
        await writeFile(file('index'), '')
        await writeFile(file('serial'), '1000\n')
        await writeFile(
          file('cnf'),
          `[ca]\ndefault_ca = test\n[test]\ndatabase = ${file('index')}\nnew_certs_dir = ${dir}\nserial = ${file('serial')}\n` +
            'default_md = sha256\npolicy = any\n[any]\ncommonName = supplied\n',
        )
        const dated = 'ca -batch -notext -startdate 20200101000000Z -enddate 20200102000000Z'
        await openssl(dir, dated, ['-config', file('cnf'), '-cert', caFile, '-keyfile', caKey, ...signed])
      } else {
        await openssl(dir, 'x509 -req -days 2 -sha256 -CAcreateserial', ['-CA', caFile, '-CAkey', caKey, ...signed])
      }
      return { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') }
    }
    return {
      dir,
      caFile,
      ca: await readFile(caFile, 'utf8'),
      server: await issue({}),
      issue,
      remove: () => rm(dir, { recursive: true, force: true }),
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}

/** Runs openssl with its fixed options (`words`, split at spaces) and then `args`, each one argument. */
async function openssl(cwd: string, words: string, args: string[]): Promise<void> {
  await run('openssl', [...words.split(' '), ...args], { cwd, env: { ...process.env, OPENSSL_CONF: '/dev/null' } })
}
