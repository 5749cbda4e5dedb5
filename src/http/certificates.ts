// Explains a TLS certificate that Node refused in words a user can act on, naming NODE_EXTRA_CA_CERTS where it helps.
import { untrusted } from '../base/text.ts'
import { DEFAULT_PORTS, ProxyTunnelError, type Environment, type ProxyRoute } from './proxy.ts'

/** No authority Node trusts signed it: NODE_EXTRA_CA_CERTS is for this case. */
const UNTRUSTED_CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'INVALID_CA',
])
const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID'])
const WRONG_NAME = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH'])
/** OpenSSL's other verification codes, and Node's own. */
const CERTIFICATE_CODE = /^(?:[A-Z_]*CERT[A-Z_]*|ERR_TLS_CERT_[A-Z_]+)$/

/**
 * Undefined when the error is not about a certificate. After a failed connection to the proxy (a ProxyTunnelError),
 * the certificate is the proxy's own; otherwise the proxy may be the one that inspects TLS.
 */
export function describeCertificateError(
  cause: unknown,
  origin: string,
  route: ProxyRoute | undefined,
  env: Environment,
): string | undefined {
  const found = certificateCode(cause)
  if (found === undefined) return undefined
  const code = untrusted(found)
  const proxysOwn = route !== undefined && cause instanceof ProxyTunnelError
  const url = new URL(origin)
  const host = proxysOwn
    ? `the proxy ${untrusted(route.display)} (from ${route.variable})`
    : untrusted(`${url.hostname}:${url.port === '' ? DEFAULT_PORTS[url.protocol] : url.port}`)
  const extra = (env.NODE_EXTRA_CA_CERTS ?? '').trim() !== ''
  const through =
    route && !proxysOwn
      ? ` The connection went through the proxy ${untrusted(route.display)}, which may be the one that inspects TLS.`
      : ''
  if (UNTRUSTED_CERTIFICATE.has(found)) {
    const fix = extra
      ? 'NODE_EXTRA_CA_CERTS is set, but no certificate in that file signed it. ' +
        'Check that the file holds your network’s root certificate authority in PEM, ' +
        'and that the runner can read it. ' +
        'Node reads the file once, when the step starts.'
      : 'If your network inspects TLS with its own certificate authority, save that authority’s certificate (PEM) ' +
        'on the runner and name the file in NODE_EXTRA_CA_CERTS.'
    const what = `The TLS certificate of ${host} is not signed by a certificate authority Node trusts (${code}).`
    return `${what} ${fix}${through}`
  }
  if (OUT_OF_DATE.has(found)) {
    const when = found === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not valid yet'
    return (
      `The TLS certificate of ${host} ${when} (${code}). Check the runner's clock, or have the certificate renewed. ` +
      `NODE_EXTRA_CA_CERTS only adds trusted authorities, so it cannot help here.${through}`
    )
  }
  if (WRONG_NAME.has(found)) {
    const check = proxysOwn ? `the host in ${route.variable}` : 'the host in the URL'
    return (
      `The TLS certificate of ${host} is not for that host name (${code}). Check ${check}. ` +
      `NODE_EXTRA_CA_CERTS adds trusted authorities, not names.${through}`
    )
  }
  if (found === 'CERT_REVOKED') return `The TLS certificate of ${host} has been revoked (${code}).${through}`
  return (
    `The TLS certificate of ${host} could not be verified (${code}). If your network uses its own certificate ` +
    `authority, name its certificate (PEM) in NODE_EXTRA_CA_CERTS.${through}`
  )
}

/** On the error or its causes. */
function certificateCode(cause: unknown): string | undefined {
  for (let error = cause, depth = 0; depth < 3 && typeof error === 'object' && error !== null; depth++) {
    const { code } = error as { code?: unknown }
    if (
      typeof code === 'string' &&
      (UNTRUSTED_CERTIFICATE.has(code) || WRONG_NAME.has(code) || CERTIFICATE_CODE.test(code))
    )
      return code
    error = (error as { cause?: unknown }).cause
  }
  return undefined
}
