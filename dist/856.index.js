export const id = 856;
export const ids = [856];
export const modules = {

/***/ 7856:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   describeCertificateError: () => (/* binding */ describeCertificateError),
/* harmony export */   describeProxyFailure: () => (/* binding */ describeProxyFailure),
/* harmony export */   describeProxySettings: () => (/* binding */ describeProxySettings),
/* harmony export */   proxyDispatcher: () => (/* binding */ proxyDispatcher),
/* harmony export */   proxyFor: () => (/* binding */ proxyFor),
/* harmony export */   routeOf: () => (/* binding */ routeOf)
/* harmony export */ });
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var undici_lib_dispatcher_agent_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7405);
/* harmony import */ var undici_lib_dispatcher_agent_js__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(undici_lib_dispatcher_agent_js__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var undici_lib_dispatcher_dispatcher_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(883);
/* harmony import */ var undici_lib_dispatcher_dispatcher_js__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(undici_lib_dispatcher_dispatcher_js__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(766);
/* harmony import */ var _proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7788);
/**
 * Proxies and private certificate authorities, as a self-hosted runner inside a company network
 * has them. The variables are read as curl and the runner read them (lower case first; an empty
 * one counts as unset; https URLs only through `https_proxy`, http URLs only through
 * `http_proxy`; NO_PROXY by curl's rules), so the action reaches the same hosts the same way as
 * a `curl` step beside it. undici's EnvHttpProxyAgent reads them otherwise (an empty lower-case
 * variable hides the upper-case one, an https URL falls back to `http_proxy`, and its NO_PROXY
 * knows no CIDR), so this module picks the proxy for each origin itself and hands undici's
 * ProxyAgent only the proxy's origin and credentials. Its ProxyAgent is loaded only when a proxy
 * variable is set: a step without one loads nothing more than before.
 */


// Both are loaded at every start-up by the transport already (agent.js loads dispatcher.js).




const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'];
const DEFAULT_PORTS = { 'http:': 80, 'https:': 443 };
/**
 * The proxy a request to `url` goes through, or undefined to connect directly: `https_proxy`
 * (else `HTTPS_PROXY`) for an https URL, `http_proxy` (else `HTTP_PROXY`) for an http one,
 * unless `no_proxy` (else `NO_PROXY`) names its host. Throws ProxySettingError when the
 * variable that applies is not a URL of an HTTP or HTTPS proxy.
 */
function proxyFor(url, env) {
    const target = typeof url === 'string' ? new URL(url) : url;
    const variables = _proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .PROXY_VARIABLES */ .bD[target.protocol];
    if (variables === undefined)
        return undefined;
    const named = (0,_proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .firstSet */ .v)(env, variables);
    if (named === undefined)
        return undefined;
    const noProxy = (0,_proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .firstSet */ .v)(env, NO_PROXY_VARIABLES);
    if (noProxy !== undefined && bypasses(target, noProxy.value))
        return undefined;
    const port = target.port === '' ? DEFAULT_PORTS[target.protocol] : Number(target.port);
    return { ...parseProxy(named.name, named.value), target: `${target.hostname}:${port}` };
}
/**
 * One line for the log: which proxy each scheme goes through, by host and port only, and what
 * NO_PROXY leaves out; undefined when no proxy variable is set. Throws ProxySettingError for a
 * variable the action cannot use, so a step can fail on it before its first request.
 */
function describeProxySettings(env) {
    const proxies = proxiesSet(env);
    if (proxies.length === 0)
        return undefined;
    const noProxy = (0,_proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .firstSet */ .v)(env, NO_PROXY_VARIABLES);
    const bypass = noProxy === undefined ? '' : `; ${noProxy.name} leaves out ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(noProxy.value.trim())}`;
    return `Proxies: ${proxies.map(describeProxy).join(', ')}${bypass}.`;
}
function describeProxy({ scheme, proxy }) {
    return `${scheme} through ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(proxy.display)} (${proxy.variable}${proxy.authorization ? ', with credentials' : ''})`;
}
/** The proxy each scheme goes through when NO_PROXY does not say otherwise. Throws ProxySettingError. */
function proxiesSet(env) {
    const proxies = [];
    for (const [protocol, names] of Object.entries(_proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .PROXY_VARIABLES */ .bD)) {
        const named = (0,_proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .firstSet */ .v)(env, names);
        if (named !== undefined)
            proxies.push({ scheme: protocol === 'https:' ? 'https' : 'http', proxy: parseProxy(named.name, named.value) });
    }
    return proxies;
}
function parseProxy(variable, raw) {
    const value = raw.trim();
    // curl takes a value without a scheme as an http proxy.
    const withScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value) ? value : `http://${value}`;
    let url;
    try {
        url = new URL(withScheme);
    }
    catch {
        throw new _proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .ProxySettingError */ .Tl(`${variable} is not a proxy URL the action can read: expected http://[user:password@]host:port.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new _proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .ProxySettingError */ .Tl(`${variable} names a ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(url.protocol.slice(0, -1), 20)} proxy: the action speaks to HTTP and HTTPS proxies only (http:// or https://).`);
    }
    if (url.hostname === '')
        throw new _proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .ProxySettingError */ .Tl(`${variable} names no proxy host: expected http://[user:password@]host:port.`);
    // Without a port, the scheme's: the runner reads the variable so, and reaches GitHub with it (curl would try 1080).
    const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
    const route = {
        origin: `${url.protocol}//${url.hostname}:${port}`,
        display: `${url.hostname}:${port}`,
        variable,
    };
    if (url.username !== '' || url.password !== '') {
        let credentials;
        try {
            credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
        }
        catch {
            throw new _proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .ProxySettingError */ .Tl(`${variable} holds a user or password that is not percent-encoded correctly: write a % in them as %25.`);
        }
        route.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    return route;
}
/**
 * Whether NO_PROXY sends `target` directly, by curl's rules (lib/noproxy.c): `*` alone matches
 * every host; entries are split at commas and blanks; a name matches itself and its subdomains,
 * with or without a leading dot, without case and without a trailing dot; an IP address or a
 * CIDR range matches a URL whose host is an address in it, never a name (nothing is resolved).
 * Beyond curl, as the runner reads them: an entry may end in `:port` (`[v6]:port` for IPv6),
 * and then matches that port only. Beyond both, as undici and Go read it: `*.example.com`
 * matches the subdomains of example.com, not example.com itself. A `/0` range matches every
 * address (curl reads `/0` as the address alone, by accident of its code).
 */
function bypasses(target, noProxy) {
    const value = noProxy.trim();
    if (value === '*')
        return true;
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    const family = (0,node_net__WEBPACK_IMPORTED_MODULE_1__.isIP)(host);
    const name = family === 0 ? host.replace(/\.$/, '') : host;
    const port = target.port === '' ? DEFAULT_PORTS[target.protocol] : Number(target.port);
    for (const entry of value.split(/[\s,]+/)) {
        if (entry === '')
            continue;
        const { pattern, port: only } = splitPort(entry);
        if (only !== undefined && only !== port)
            continue;
        if (family === 0 ? nameMatches(name, pattern) : addressMatches(host, family, pattern))
            return true;
    }
    return false;
}
function splitPort(entry) {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (bracketed)
        return { pattern: bracketed[1], port: bracketed[2] === undefined ? undefined : Number(bracketed[2]) };
    // One colon only: more are an IPv6 address, which needs brackets to carry a port.
    const withPort = /^([^:]+):(\d+)$/.exec(entry);
    return withPort ? { pattern: withPort[1], port: Number(withPort[2]) } : { pattern: entry };
}
function nameMatches(name, pattern) {
    let domain = pattern.toLowerCase().replace(/\.$/, '');
    const subdomainsOnly = domain.startsWith('*.');
    domain = subdomainsOnly ? domain.slice(2) : domain.replace(/^\./, '');
    if (domain === '')
        return false;
    if (name === domain)
        return !subdomainsOnly;
    return name.endsWith(`.${domain}`);
}
function addressMatches(address, family, pattern) {
    const [network = '', bits, ...rest] = pattern.split('/');
    if (rest.length > 0 || (0,node_net__WEBPACK_IMPORTED_MODULE_1__.isIP)(network) !== family)
        return false;
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!(prefix >= 0 && prefix <= max))
        return false;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const range = new node_net__WEBPACK_IMPORTED_MODULE_1__.BlockList();
    range.addSubnet(network, prefix, type);
    return range.check(address, type);
}
// ---- the dispatcher --------------------------------------------------------------------
/**
 * The dispatcher for every request of a step when a proxy variable is set, or undefined when
 * none is (the caller keeps its own Agent; nothing more is loaded). Each origin goes directly
 * or through its proxy as `proxyFor` says; undici's ProxyAgent speaks to the proxy: absolute-URI
 * requests for http URLs, a CONNECT tunnel for https ones, so the API key and the GitHub token
 * reach an https server inside TLS and the proxy sees only the host and port. `options` are the
 * caller's Agent options (keep-alive, connections), given to every pool alike. Throws
 * ProxySettingError for a variable the action cannot use.
 */
async function proxyDispatcher(env, options = {}) {
    if (proxiesSet(env).length === 0)
        return undefined;
    const [{ default: ProxyAgent }, { default: Pool }, { default: connect }] = await Promise.all([
        Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 6672, 23)),
        Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 628, 23)),
        Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 2279, 23)),
    ]);
    // ProxyAgent opens a tunnel with `connect()` on its pool to the proxy, a method undici's entry
    // adds to every dispatcher; the entry is not loaded, so that pool gets it here.
    const clientFactory = (origin, poolOptions) => Object.assign(new Pool(origin, poolOptions), { connect });
    // The caller's TLS options hold for every server, through a tunnel too, and for an https proxy.
    const tls = typeof options.connect === 'object' ? options.connect : undefined;
    return new ProxyRouter(env, new (undici_lib_dispatcher_agent_js__WEBPACK_IMPORTED_MODULE_2___default())(options), (route) => new ProxyAgent({ ...options, uri: route.origin, token: route.authorization, clientFactory, requestTls: tls, proxyTls: tls }));
}
/** The proxy the step's pool sends requests to `origin` through, if it is a proxy-aware pool and one does. */
function routeOf(dispatcher, origin) {
    return dispatcher instanceof ProxyRouter ? dispatcher.routeFor(origin) : undefined;
}
/** Sends each request directly or to its proxy's agent (one per proxy and credentials); closes them all. */
class ProxyRouter extends (undici_lib_dispatcher_dispatcher_js__WEBPACK_IMPORTED_MODULE_3___default()) {
    routes = new Map();
    proxied = new Map();
    env;
    direct;
    proxyAgent;
    constructor(env, direct, proxyAgent) {
        super();
        this.env = env;
        this.direct = direct;
        this.proxyAgent = proxyAgent;
    }
    /** The proxy requests to `origin` go through; undefined: directly. */
    routeFor(origin) {
        if (!this.routes.has(origin))
            this.routes.set(origin, proxyFor(origin, this.env));
        return this.routes.get(origin);
    }
    dispatch(options, handler) {
        const route = this.routeFor(String(options.origin));
        if (route === undefined)
            return this.direct.dispatch(options, handler);
        const key = `${route.origin} ${route.authorization ?? ''}`;
        let agent = this.proxied.get(key);
        if (agent === undefined) {
            agent = this.proxyAgent(route);
            this.proxied.set(key, agent);
        }
        return agent.dispatch(options, handler);
    }
    close(callback) {
        const done = Promise.all(this.agents().map((agent) => agent.close())).then(() => undefined);
        if (callback === undefined)
            return done;
        void done.then(callback, callback);
    }
    destroy(errOrCallback, callback) {
        const err = typeof errOrCallback === 'function' ? null : (errOrCallback ?? null);
        const then = typeof errOrCallback === 'function' ? errOrCallback : callback;
        const done = Promise.all(this.agents().map((agent) => agent.destroy(err))).then(() => undefined);
        if (then === undefined)
            return done;
        void done.then(then, then);
    }
    agents() {
        return [this.direct, ...this.proxied.values()];
    }
}
/** Errors of a connection to the proxy itself that never opened: nothing was sent. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN']);
/** What undici's ProxyAgent says when the proxy answers CONNECT with anything but 200 (lib/dispatcher/proxy-agent.js). */
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/;
/** What it says when the proxy answers a forwarded (absolute-URI) request with 407. */
const FORWARD_407 = 'Proxy Authentication Required (407)';
/** Node's words when a TLS connection ends before its handshake did: over a tunnel, the proxy closed it. */
const BEFORE_TLS = /before secure TLS connection was established/;
/**
 * What a failed request sent through `route` says about the proxy, or undefined when the error
 * is not the proxy's (a certificate, a timeout, the server's own answer). Proxy credentials are
 * never in it: the proxy is named by host:port.
 */
function describeProxyFailure(cause, route) {
    const { code, message } = errorParts(cause);
    const named = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(code ?? '');
    const proxy = `The proxy ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(route.display)} (from ${route.variable})`;
    const target = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(route.target);
    let status;
    if (code === 'UND_ERR_INVALID_ARG' && message === FORWARD_407)
        status = 407;
    const refused = code === 'UND_ERR_ABORTED' ? TUNNEL_REFUSED.exec(message) : null;
    if (refused)
        status = Number(refused[1]);
    if (status === 407) {
        return {
            message: route.authorization
                ? `${proxy} refused the credentials in ${route.variable} (407 Proxy Authentication Required): check the user name and password there, percent-encoded, and that the proxy takes Basic authentication.`
                : `${proxy} asks for credentials (407 Proxy Authentication Required): give them in ${route.variable} as http://user:password@${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(route.display)}, percent-encoded.`,
            notSent: true,
            final: true,
        };
    }
    if (status !== undefined) {
        const answer = `${status} ${node_http__WEBPACK_IMPORTED_MODULE_0__.STATUS_CODES[status] ?? ''}`.trim();
        const serverSide = status >= 500;
        return {
            message: serverSide
                ? `${proxy} could not open a tunnel to ${target} (${answer}): check that the proxy can reach ${target}, or add the host to NO_PROXY if the runner reaches it directly.`
                : `${proxy} refused a tunnel to ${target} (${answer}): check that the proxy allows HTTPS to ${target}, or add the host to NO_PROXY if the runner reaches it directly.`,
            notSent: true,
            final: !serverSide,
        };
    }
    if (code !== undefined && UNREACHABLE.has(code)) {
        return {
            message: `${proxy} could not be reached (${named}): check the host and port in ${route.variable}, and that the proxy runs and the runner may connect to it.`,
            notSent: true,
            final: false,
        };
    }
    if (code !== undefined && UNRESOLVED.has(code)) {
        return { message: `${proxy} could not be found (${named}): check the host name in ${route.variable}.`, notSent: true, final: false };
    }
    if (code === 'UND_ERR_PRX_CONN' || ((code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') && BEFORE_TLS.test(message))) {
        return {
            message: `${proxy} closed the connection before the tunnel to ${target} was open (${named}): check the proxy's log; it may refuse HTTPS to that host or port.`,
            notSent: true,
            final: false,
        };
    }
    if (code === 'UND_ERR_PRX_TLS') {
        return {
            message: `${proxy} presented a TLS certificate that is not for its name (ERR_TLS_CERT_ALTNAME_INVALID): check the host in ${route.variable}.`,
            notSent: true,
            final: true,
        };
    }
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
        return {
            message: `The connection through the proxy ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(route.display)} (from ${route.variable}) closed before an answer came (${named}): check the proxy's log.`,
            notSent: false,
            final: false,
        };
    }
    return undefined;
}
/** A certificate no authority Node trusts has signed: the case NODE_EXTRA_CA_CERTS is for. */
const UNTRUSTED_CERTIFICATE = new Set([
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'CERT_UNTRUSTED',
    'INVALID_CA',
]);
const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const WRONG_NAME = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']);
/** OpenSSL's other verification codes and Node's own: whatever else names a certificate. */
const CERTIFICATE_CODE = /^(?:[A-Z_]*CERT[A-Z_]*|ERR_TLS_CERT_[A-Z_]+)$/;
/**
 * A TLS certificate error of a request to `origin` in words, naming NODE_EXTRA_CA_CERTS, or
 * undefined when the error is not about a certificate. `env` tells whether the variable is set
 * and whether the request went through a proxy (which may be the one inspecting TLS).
 */
function describeCertificateError(cause, origin, env) {
    // The proxy's own certificate is the proxy's failure (describeProxyFailure), not the server's.
    if (errorParts(cause).code === 'UND_ERR_PRX_TLS')
        return undefined;
    const found = certificateCode(cause);
    if (found === undefined)
        return undefined;
    const code = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(found);
    const url = typeof origin === 'string' ? new URL(origin) : origin;
    const host = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(`${url.hostname}:${url.port === '' ? DEFAULT_PORTS[url.protocol] : url.port}`);
    const extra = (0,_proxy_variables_js__WEBPACK_IMPORTED_MODULE_5__/* .firstSet */ .v)(env, ['NODE_EXTRA_CA_CERTS']) !== undefined;
    let route;
    try {
        route = proxyFor(url, env);
    }
    catch {
        route = undefined;
    }
    const through = route ? ` The connection went through the proxy ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(route.display)}, which may be the one that inspects TLS.` : '';
    if (UNTRUSTED_CERTIFICATE.has(found)) {
        const fix = extra
            ? 'NODE_EXTRA_CA_CERTS is set, but no certificate in that file signed it: check that the file holds your network’s root certificate authority in PEM, readable by the runner (Node reads it once, when the step starts).'
            : 'if your network inspects TLS with its own certificate authority, save that authority’s certificate (PEM) on the runner and name the file in NODE_EXTRA_CA_CERTS.';
        return `The TLS certificate of ${host} is not signed by a certificate authority Node trusts (${code}): ${fix}${through}`;
    }
    if (OUT_OF_DATE.has(found)) {
        const when = found === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not valid yet';
        return `The TLS certificate of ${host} ${when} (${code}): check the runner's clock, or have the certificate renewed; NODE_EXTRA_CA_CERTS adds trusted authorities and cannot help here.${through}`;
    }
    if (WRONG_NAME.has(found)) {
        return `The TLS certificate of ${host} is not for that host name (${code}): check the host in the URL; NODE_EXTRA_CA_CERTS adds trusted authorities, not names.${through}`;
    }
    if (found === 'CERT_REVOKED')
        return `The TLS certificate of ${host} has been revoked (${code}).${through}`;
    return `The TLS certificate of ${host} could not be verified (${code}); if your network uses its own certificate authority, name its certificate (PEM) in NODE_EXTRA_CA_CERTS.${through}`;
}
/** The certificate code of an error or of its causes (fetch wraps what failed in a TypeError's cause). */
function certificateCode(cause) {
    for (let error = cause, depth = 0; depth < 3 && typeof error === 'object' && error !== null; depth++) {
        const { code } = errorParts(error);
        if (code !== undefined && (UNTRUSTED_CERTIFICATE.has(code) || CERTIFICATE_CODE.test(code)))
            return code;
        error = error.cause;
    }
    return undefined;
}
function errorParts(error) {
    if (typeof error !== 'object' || error === null)
        return { message: '' };
    const { code, message } = error;
    return {
        code: typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : undefined,
        message: typeof message === 'string' ? message : '',
    };
}


/***/ })

};

//# sourceMappingURL=856.index.js.map