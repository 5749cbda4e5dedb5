export const id = 916;
export const ids = [916];
export const modules = {

/***/ 7085:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ht: () => (/* binding */ PlatformClient)
/* harmony export */ });
/* unused harmony exports buildRequest, transportError, classifyAnswer, mayRetry, STEP_KEY_REFUSED, finalError */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6412);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(766);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8549);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8902);
/* harmony import */ var _http_transport_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1517);
/* harmony import */ var _shape_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1989);
/**
 * The platform's client: a thin typed client over the one transport (http/transport.ts). It adds
 * what is the platform's own: the API key as a Bearer token, request ids, the platform's error
 * bodies and what its statuses mean, which requests may be sent again, and the one line a user
 * reads when a request fails for good.
 */








/** The request for one attempt: auth and identifying headers, the JSON body, the query. */
function buildRequest(spec, target, requestId) {
    const headers = {
        authorization: `Bearer ${target.apiKey}`,
        accept: 'application/json',
        'user-agent': target.userAgent,
        'x-request-id': requestId,
    };
    const request = { method: spec.method, path: target.basePath + spec.path + (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .queryString */ ._L)(spec.query), headers };
    if (spec.body !== undefined) {
        request.body = JSON.stringify(spec.body);
        headers['content-type'] = 'application/json';
    }
    return request;
}
/** The error for a request that got no usable answer: refused, dropped, cut off, or out of time. */
function transportError(received, aborted, base) {
    const code = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .errorCode */ .CA)(received.cause);
    const { status } = received;
    // First: undici reports a proxy's 407 to a forwarded request as a request it could not build.
    const named = (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .namedConnectionFailure */ .C_)(received, base);
    if (named)
        return named;
    if ((0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .unsendable */ .Yf)(received)) {
        return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(`the request could not be sent (${describeCause(received.cause)})`, { ...base, kind: 'invalid' });
    }
    if (aborted.ended === 'deadline' || aborted.ended === 'timeout') {
        const kind = aborted.ended;
        const message = kind === 'deadline'
            ? `The step's timeout ran out while ${describeRequest(base)} was in flight.`
            : `No answer to ${describeRequest(base)} within ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(aborted.budgetMs)}.`;
        return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(message, { ...base, kind, status, mayHaveReachedServer: true });
    }
    if (status !== undefined) {
        return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(`the body of the ${status} answer was cut off (${code === undefined ? 'connection closed' : (0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(code)})`, {
            ...base,
            kind: 'malformed',
            status,
            code: 'truncated',
            mayHaveReachedServer: true,
        });
    }
    return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(`the connection failed (${code === undefined ? describeCause(received.cause) : (0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(code)})`, {
        ...base,
        mayHaveReachedServer: (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .reachedServer */ ._r)(received),
    });
}
/** What an answer means: a redirect, an error status, a body that is not JSON, or the parsed value. */
function classifyAnswer(spec, received, base, now) {
    const { status, headers, text } = received;
    const retryAfterMs = (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .parseRetryAfter */ .mu)((0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .headerValue */ .Z)(headers['retry-after']), now);
    if (status >= 300 && status < 400) {
        const location = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .headerValue */ .Z)(headers.location);
        return {
            ok: false,
            error: new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(`the platform answered ${status} ${node_http__WEBPACK_IMPORTED_MODULE_1__.STATUS_CODES[status] ?? ''} redirecting to ${describeLocation(location)}; ` +
                `the action does not follow redirects, so the API key is never sent to another address. Check the \`api-host\` input.`, { ...base, kind: 'redirect', status }),
        };
    }
    const contentType = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .headerValue */ .Z)(headers['content-type']) ?? '';
    if (status < 200 || status >= 300) {
        const decoded = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .decodeJson */ .xO)(text);
        const error = decoded.ok && (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .isRecord */ .u4)(decoded.value) ? decoded.value : undefined;
        const code = typeof error?.code === 'string' && error.code !== '' ? error.code : undefined;
        const serviceMessage = typeof error?.message === 'string' && error.message !== '' ? error.message : undefined;
        // The service's own id stands in for the one sent only when it looks like an id: it becomes an output.
        const serviceRequestId = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .isRequestId */ .hP)(error?.request_id) ? error.request_id : base.requestId;
        const excerpt = serviceMessage === undefined ? (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .excerptOf */ .zU)(text, contentType) : undefined;
        return {
            ok: false,
            error: new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(`the platform answered ${status} ${node_http__WEBPACK_IMPORTED_MODULE_1__.STATUS_CODES[status] ?? ''}`.trim(), {
                ...base,
                kind: 'http',
                requestId: serviceRequestId,
                status,
                code,
                serviceMessage,
                excerpt,
                retryAfterMs,
                mayHaveReachedServer: !_http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .NOT_CARRIED_OUT_STATUSES */ .rM.has(status) && status >= 500,
            }),
        };
    }
    if (received.tooLarge) {
        return {
            ok: false,
            error: new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(`the platform answered ${status} with a body over ${_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .SUCCESS_BODY_LIMIT */ .he / 1024 / 1024} MiB, more than any answer of the API should be; it was not read`, { ...base, kind: 'malformed', status, code: 'too-large', mayHaveReachedServer: true }),
        };
    }
    const decoded = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .decodeJson */ .xO)(text);
    if (!decoded.ok) {
        // JSON declared but not decodable is a body cut off in transit: a read may be sent again.
        // A successful body is never quoted: it may hold a new key that is not masked yet.
        const cutOff = /json/i.test(contentType);
        const kind = contentType.split(';')[0]?.trim() || 'no content type';
        return {
            ok: false,
            error: new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(cutOff
                ? `the platform answered ${status} with JSON that is cut off or invalid (${received.bytes} bytes)`
                : `the platform answered ${status} with a body that is not JSON (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(kind)}, ${received.bytes} bytes)`, { ...base, kind: 'malformed', status, code: cutOff ? 'truncated' : undefined, mayHaveReachedServer: true }),
        };
    }
    try {
        return { ok: true, value: spec.parse(decoded.value) };
    }
    catch (error) {
        if (!(error instanceof _shape_js__WEBPACK_IMPORTED_MODULE_7__/* .ShapeError */ .ym))
            throw error;
        return {
            ok: false,
            // The request was carried out (a create made a key) even though its answer is unusable.
            error: new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(`the platform answered ${status} without the expected fields: ${error.message}`, {
                ...base,
                kind: 'malformed',
                status,
                mayHaveReachedServer: true,
            }),
        };
    }
}
/** Whether a failed attempt may be sent again: by what the failure says about the request. */
function mayRetry(retry, error) {
    switch (error.kind) {
        case 'http':
            if (retry === 'once')
                return _http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .NOT_CARRIED_OUT_STATUSES */ .rM.has(error.status ?? 0);
            if (retry === 'poll' && _http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .CONGESTION_STATUSES */ .lg.has(error.status ?? 0))
                return false;
            return _http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .RETRYABLE_STATUSES */ .U3.has(error.status ?? 0);
        case 'network':
        case 'timeout':
        case 'proxy':
            return retry !== 'once' || !error.mayHaveReachedServer;
        case 'malformed':
            // A body cut off in transit is a transport fault; a complete but wrong body is not.
            return retry !== 'once' && error.code === 'truncated';
        case 'deadline':
        case 'redirect':
        case 'invalid':
        case 'cancelled':
        case 'proxy-refused':
        case 'certificate':
            return false;
    }
}
/**
 * The one HTTP path to the platform: auth and identifying headers, per-request deadlines,
 * bounded retries where they are safe, no redirects, and errors that name the request.
 */
class PlatformClient {
    origin;
    basePath;
    options;
    dispatcher;
    ownsDispatcher;
    policy;
    requestTimeoutMs;
    constructor(options) {
        const { origin, basePath } = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .serviceBase */ .bR)(options.baseUrl);
        this.origin = origin;
        this.basePath = basePath;
        this.options = options;
        this.policy = options.retryPolicy ?? _http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .DEFAULT_RETRY_POLICY */ .cO;
        this.requestTimeoutMs = options.requestTimeoutMs ?? _http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .REQUEST_TIMEOUT_MS */ .j2;
        this.ownsDispatcher = options.ownsDispatcher ?? options.dispatcher === undefined;
        // One keep-alive pool for every request of the step: a waiter's polls reuse the connection.
        this.dispatcher = options.dispatcher ?? (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .directPool */ .Um)();
    }
    /** The step's connection pool: GitHub's requests share it (an Agent keeps a pool per origin), and it closes with this client. */
    get connections() {
        return this.dispatcher;
    }
    get clock() {
        return this.options.clock;
    }
    get deadline() {
        const { deadline } = this.options;
        return typeof deadline === 'function' ? deadline() : (deadline ?? Number.POSITIVE_INFINITY);
    }
    /**
     * The same client with another deadline, sharing the connection pool: clean-up, after a lost
     * answer or a cancel. A cancel does not stop its retries; the deadline (the runner's grace) bounds them.
     */
    withDeadline(deadline) {
        const { interrupt } = this.options;
        return this.with({ deadline, ...(interrupt ? { interrupt: { signal: interrupt.signal, stop: false } } : {}) });
    }
    /**
     * The same client authenticating with another key, sharing the connection pool. `refused`
     * says what a 401 means for that key, so an error never blames the `api-key` input for it.
     */
    withApiKey(apiKey, refused) {
        return this.with({ apiKey, refused });
    }
    /** The same client with every attempt paced by `pacing`, sharing the connection pool. */
    withPacing(pacing) {
        return this.with({ pacing });
    }
    /** This client with `changes`, on the same connection pool, which it never closes: this one does. */
    with(changes) {
        return new PlatformClient({ ...this.options, ...changes, dispatcher: this.dispatcher, ownsDispatcher: false });
    }
    async close() {
        if (this.ownsDispatcher)
            await this.dispatcher.close();
    }
    send(spec) {
        const { clock, logger, interrupt } = this.options;
        let earlierAttemptUncertain = false;
        // The runner cancelled the step while it waited to send the request again: it gives up, saying so.
        const stopped = (error, _n, delay) => {
            const hint = ` The runner cancelled the step while it waited ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(delay)} to send it again.`;
            const final = finalError(spec, error, hint, this.options.refused);
            return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(final.message, { ...final, kind: 'cancelled' });
        };
        return (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .retrying */ .R$)(async (n) => {
            try {
                return await this.attempt(spec);
            }
            catch (error) {
                if (!(error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI))
                    throw error;
                const counted = error.withAttempts(n, earlierAttemptUncertain);
                earlierAttemptUncertain ||= error.mayHaveReachedServer;
                throw counted;
            }
        }, {
            clock,
            deadline: () => this.deadline,
            maxAttempts: this.policy.maxAttempts,
            delayAfter: (error, n) => error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI && mayRetry(spec.retry, error)
                ? (error.retryAfterMs ?? (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .backoffDelay */ .EY)(n, this.policy, this.options.random))
                : undefined,
            onRetry: (error, n, delay) => logger.warning(`${describeRequest(spec)}: ${describeFailure(error)}; retrying in ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(delay)} ` +
                `(attempt ${n + 1} of ${this.policy.maxAttempts}).`),
            giveUp: (error) => (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI ? finalError(spec, error, '', this.options.refused) : error),
            outOfTime: (error, _n, delay) => {
                const final = finalError(spec, error, ` The step's timeout leaves no time to wait ${(0,_base_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(delay)} and retry.`, this.options.refused);
                return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(final.message, { ...final, kind: 'deadline' });
            },
            ...(interrupt ? { interrupt: { signal: interrupt.signal, stop: interrupt.stop ? stopped : undefined } } : {}),
        });
    }
    /** One attempt, in its turn when the client is paced. Throws the attempt's RequestError. */
    async attempt(spec) {
        const over = await this.options.pacing?.turn(spec, this.deadline);
        if (!over)
            return this.sendOnce(spec);
        try {
            const value = await this.sendOnce(spec);
            over({});
            return value;
        }
        catch (error) {
            over(error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI ? { status: error.status, retryAfterMs: error.retryAfterMs } : {});
            throw error;
        }
    }
    /** One attempt: build, send within its own deadline, classify. Throws the attempt's RequestError. */
    async sendOnce(spec) {
        const { clock, logger } = this.options;
        const requestId = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)();
        const base = { kind: 'network', method: spec.method, path: spec.path, requestId };
        const request = buildRequest(spec, { basePath: this.basePath, apiKey: this.options.apiKey, userAgent: this.options.userAgent }, requestId);
        const attempt = await (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .sendAttempt */ .ob)(this.dispatcher, this.origin, request, { clock, deadline: this.deadline, requestTimeoutMs: this.requestTimeoutMs }, () => logger.debug(`${describeRequest(spec)}${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)((0,_http_transport_js__WEBPACK_IMPORTED_MODULE_6__/* .queryString */ ._L)(spec.query))} (request id ${requestId})`));
        if (!attempt.sent)
            throw new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(`The step's timeout ran out before ${describeRequest(spec)}.`, { ...base, kind: 'deadline' });
        if (!attempt.received.ok)
            throw transportError(attempt.received, attempt, base);
        const result = classifyAnswer(spec, attempt.received, base, clock.now());
        if (!result.ok)
            throw result.error;
        return result.value;
    }
}
/** What a 401 means for the step's own key. */
const STEP_KEY_REFUSED = 'The platform refused the API key (401 Unauthorized): it is missing, invalid or revoked. Check the `api-key` input and the secret it comes from.';
/** The one line a user reads: what failed, why, what to do, and the request id to quote. */
function finalError(spec, error, hint = '', refused = STEP_KEY_REFUSED) {
    const tries = error.attempts > 1 ? ` after ${error.attempts} attempts` : '';
    // The service's own request id may stand in for the one the action sent.
    const ref = error.requestId === undefined ? '' : ` (request id ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(error.requestId)})`;
    let message;
    if (error.kind === 'http' && error.status === 401) {
        message = `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(refused, Number.POSITIVE_INFINITY)}${ref}`;
    }
    else if (error.kind === 'http' && error.status === 403 && spec.forbidden) {
        const said = error.serviceMessage ? ` The platform said: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(error.serviceMessage)}.` : '';
        message = `Could not ${spec.purpose}: the platform refused it (403 Forbidden): ${spec.forbidden}.${said}${ref}`;
    }
    else if (error.kind === 'http' && error.status === 404 && spec.notFound) {
        const notFoundHint = spec.notFoundHint ? `; ${spec.notFoundHint}` : '';
        message = `Could not ${spec.purpose}: ${spec.notFound} was not found (404)${notFoundHint}.${ref}`;
    }
    else if (error.kind === 'deadline') {
        message = `${error.message} Could not ${spec.purpose}; raise the \`timeout\` input if the platform is slow.${ref}`;
    }
    else {
        message = `Could not ${spec.purpose}: ${describeFailure(error)}${tries}.${hint}${ref}`;
    }
    return new _http_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestError */ .GI(message, error);
}
/** What failed, with the service's code and message or an excerpt of its body. */
function describeFailure(error) {
    // The sentence ends after the attempts and the hint: a message's own full stop would double it.
    const what = error.message.replace(/\.$/, '');
    const code = error.code && error.code !== 'truncated' ? ` [${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(error.code)}]` : '';
    const said = error.serviceMessage ? `: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(error.serviceMessage)}` : error.excerpt ? `: ${error.excerpt}` : '';
    return `${what}${code}${said}`;
}
/** "GET /projects": the method and the path, whose ids may have come from the service. */
function describeRequest(request) {
    return `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(request.method)} ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(request.path)}`;
}
function describeLocation(location) {
    if (!location)
        return 'an unnamed location';
    try {
        const url = new URL(location);
        return (0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(`${url.origin}${url.pathname}`);
    }
    catch {
        return (0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(location, 100);
    }
}
function describeCause(cause) {
    return cause instanceof Error ? (0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(cause.message) : 'unknown error';
}


/***/ }),

/***/ 7958:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ag: () => (/* binding */ PLATFORM_ID),
/* harmony export */   _T: () => (/* binding */ OPERATION_ID),
/* harmony export */   ih: () => (/* binding */ MAX_KEY_NAME_LENGTH)
/* harmony export */ });
/**
 * The platform's ids and names, as the service writes them (service facts): one pattern each,
 * for the inputs that name them and for the ids the service answers with, which go into paths,
 * outputs and state.
 */
/** Organization, project and branch ids: `org-quiet-river-12345678`, `br-wispy-meadow-a5kd0r2p`. */
const PLATFORM_ID = /^[a-z0-9-]{1,60}$/;
/** Operation ids are UUIDs. */
const OPERATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The longest key name the service takes. */
const MAX_KEY_NAME_LENGTH = 64;


/***/ }),

/***/ 1989:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ik: () => (/* binding */ object),
/* harmony export */   YO: () => (/* binding */ array),
/* harmony export */   Yj: () => (/* binding */ string),
/* harmony export */   nd: () => (/* binding */ integer),
/* harmony export */   sx: () => (/* binding */ optionalString),
/* harmony export */   vJ: () => (/* binding */ nullableString),
/* harmony export */   ym: () => (/* binding */ ShapeError)
/* harmony export */ });
/**
 * Small checks on decoded bodies. The service may add fields (they are ignored), but a field
 * the action relies on must be there with the right type, or the request fails clearly.
 */
class ShapeError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ShapeError';
    }
}
function object(value, where) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ShapeError(`${where} is not an object`);
    }
    return value;
}
function array(value, where) {
    if (!Array.isArray(value))
        throw new ShapeError(`${where} is not an array`);
    return value;
}
function string(record, field, where) {
    const value = record[field];
    if (typeof value !== 'string')
        throw new ShapeError(`${where}.${field} is ${describe(value)}, not a string`);
    return value;
}
function integer(record, field, where) {
    const value = record[field];
    // Stryker disable next-line ConditionalExpression: equivalent, Number.isSafeInteger() is false for a non-number; typeof narrows the type
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        throw new ShapeError(`${where}.${field} is ${describe(value)}, not an integer`);
    }
    return value;
}
function optionalString(record, field) {
    const value = record[field];
    return typeof value === 'string' ? value : undefined;
}
function nullableString(record, field) {
    const value = record[field];
    return typeof value === 'string' ? value : null;
}
function describe(value) {
    if (value === undefined)
        return 'missing';
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    return `a ${typeof value}`;
}


/***/ }),

/***/ 6412:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ formatDuration),
/* harmony export */   m: () => (/* binding */ systemClock)
/* harmony export */ });
/** The wall clock: Date.now and setTimeout. */
const systemClock = {
    now: () => Date.now(),
    sleep: (ms, signal) => new Promise((resolve) => {
        if (signal?.aborted)
            return resolve();
        const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        signal?.addEventListener('abort', done, { once: true });
    }),
    deadline: (ms) => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), Math.max(1, Math.ceil(ms)));
        return { signal: controller.signal, clear: () => clearTimeout(timer) };
    },
};
/** "1.5 s", "2 min 5 s": for log lines and errors. */
function formatDuration(ms) {
    if (ms < 1000)
        return `${Math.max(0, Math.round(ms))} ms`;
    const s = ms / 1000;
    if (s < 60)
        return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
    const m = Math.floor(s / 60);
    const rest = Math.round(s - m * 60);
    return rest ? `${m} min ${rest} s` : `${m} min`;
}


/***/ }),

/***/ 4758:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nj: () => (/* binding */ OwnError),
/* harmony export */   bD: () => (/* binding */ messageOf),
/* harmony export */   dz: () => (/* binding */ InputError),
/* harmony export */   lZ: () => (/* binding */ ActionError),
/* harmony export */   tB: () => (/* binding */ RunnerVariableError)
/* harmony export */ });
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
/**
 * Failures that are not about a request: a wrong input, or something the action itself found
 * wrong. Request failures are `RequestError` (http/errors.ts), an `OwnError` too.
 */

/** Longest message of an error the action did not raise itself, in characters. */
const FOREIGN_MESSAGE_LENGTH = 500;
/**
 * An error the action raised itself: its message is built from checked text, safe for the log,
 * and the failure is expected (no stack trace, even with debug logging on).
 */
class OwnError extends Error {
}
/** A wrong input. Raised before any request goes out. */
class InputError extends OwnError {
    constructor(message) {
        super(message);
        this.name = 'InputError';
    }
}
/** A variable the runner sets (GITHUB_REPOSITORY, GITHUB_API_URL) that is missing or wrong: an input of a kind. */
class RunnerVariableError extends InputError {
    constructor(message) {
        super(message);
        this.name = 'RunnerVariableError';
    }
}
/**
 * A failure the action itself detected (a failed operation, a failed proof of a new key...).
 * `cause`: the request failure it follows from, if any, for the step's `http-status` outputs.
 */
class ActionError extends OwnError {
    constructor(message, options) {
        super(message, options);
        this.name = 'ActionError';
    }
}
/**
 * An error's message, whatever was thrown, safe for the log: the action's own errors are built
 * from checked text; any other error's message is outside text (it may quote a server).
 */
function messageOf(error) {
    if (error instanceof OwnError)
        return error.message;
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(error instanceof Error ? error.message : String(error), FOREIGN_MESSAGE_LENGTH);
}


/***/ }),

/***/ 766:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kg: () => (/* binding */ hasControlCharacters),
/* harmony export */   NC: () => (/* binding */ isPrintableToken),
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   bp: () => (/* binding */ untrusted),
/* harmony export */   cl: () => (/* binding */ registerSecret),
/* harmony export */   fp: () => (/* binding */ redactSecrets)
/* harmony export */ });
/* unused harmony export MAX_UNTRUSTED_LENGTH */
/**
 * Text from outside the action (the service's records and messages, free-text inputs) is data.
 * The runner reads the log as a command channel: a line that starts with `::` is a workflow
 * command, `##[` is one anywhere in a line, and lines split on CR and LF. `untrusted()` is the
 * one way such text reaches the log: one line, no command, bounded. The lint rule
 * `local/outside-text` (lint/outside-text.js) keeps raw outside text out of the log.
 */
/** Longest piece of outside text written into one log line, in characters. */
const MAX_UNTRUSTED_LENGTH = 200;
// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL = new RegExp(CONTROL_CHARACTER.source, 'g');
const ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** Invisible, but enough to stop the runner seeing `::` or `##[`. */
const BREAK = '\u200b';
/**
 * `text` on one line and bounded: its secrets replaced (redactSecrets), then at most `max`
 * characters (a longer text ends with `…`), then control characters shown as escapes (`\n`,
 * `\u0007`). Also what a job-summary cell shows.
 */
function oneLine(text, max) {
    return cut(redactSecrets(text, { pieces: true }), max).replace(CONTROL, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/**
 * The values the step must never show, wherever they come back from: the API key, the GitHub
 * token, each new key, proxy credentials. The runner masks only a whole value, so a server that
 * echoes one inside a longer message, cut short by the action or by itself, would show the rest.
 */
const secrets = [];
/** Shorter values are not looked for: replacing them would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;
/** A piece of a secret this long anywhere in a text is taken for the secret: an echo cut short. */
const SECRET_PIECE = 12;
/** At the very start or end of a text (where it was cut), a piece this long is. */
const SECRET_EDGE = 6;
const REDACTED = '***';
/**
 * Credentials by their form, whoever's: a Bearer token, Basic credentials or a `token` word
 * followed by a credential-like value (a digit among letters, as prose never has), and GitHub's
 * token formats.
 */
const CREDENTIAL_FORMS = [
    [/\b(Bearer)(\s+)[\x21-\x7e]+/gi, `$1$2${REDACTED}`],
    [/\b(Basic|token)(\s+|=|:\s*)(?=[A-Za-z0-9._~+/=-]*\d)(?=[A-Za-z0-9._~+/=-]*[A-Za-z])[A-Za-z0-9._~+/=-]{8,}/gi, `$1$2${REDACTED}`],
    [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, REDACTED],
];
/**
 * Each secret's SECRET_EDGE-character pieces that start at a multiple of SECRET_EDGE, and its last
 * SECRET_EDGE characters (a shorter secret whole). Any piece of SECRET_PIECE (twice SECRET_EDGE)
 * characters or more holds one of them, and so does the whole secret, and a piece of at least
 * SECRET_EDGE at a text's start or end.
 */
const tells = [];
/** What every credential form starts with: most texts have none, and are not searched further. */
const CREDENTIAL_WORD = /bearer|basic|token|gh[pousr]_|github_pat_/i;
/** Registers a value to be replaced by `***` in every text the step shows (masked with the runner too). */
function registerSecret(value) {
    if (value.length < MIN_SECRET_LENGTH || secrets.includes(value))
        return;
    secrets.push(value);
    // Longest first: a secret that holds another is replaced whole.
    secrets.sort((a, b) => b.length - a.length);
    const aligned = [];
    for (let i = 0; i + SECRET_EDGE <= value.length; i += SECRET_EDGE)
        aligned.push(value.slice(i, i + SECRET_EDGE));
    // The last SECRET_EDGE characters too (or a shorter secret whole): what a piece at a text's start ends with.
    if (value.length % SECRET_EDGE !== 0)
        aligned.push(value.slice(-SECRET_EDGE));
    tells.push({ aligned });
}
/**
 * Whether `text` may hold a part of a secret that redactSecrets replaces: a few native searches,
 * for every line the step prints. A piece at the text's start ends with the secret's last
 * SECRET_EDGE characters, and one at its end starts with its first.
 */
function mayHoldSecret(text) {
    return tells.some(({ aligned }) => aligned.some((tell) => text.includes(tell)));
}
/**
 * `text` with every registered secret, and every credential by its form, replaced by `***`.
 * `pieces`: also any part of a secret of SECRET_PIECE characters or more, and a shorter part at
 * the text's start or end; for texts that are cut or were cut (log lines, summaries), so that a
 * cut never shows a piece of one. Outputs are never cut: the whole values are enough there.
 */
function redactSecrets(text, options = {}) {
    let out = text;
    if (mayHoldSecret(text)) {
        for (const secret of secrets)
            out = out.split(secret).join(REDACTED);
        if (options.pieces)
            out = redactPieces(out);
    }
    if (CREDENTIAL_WORD.test(out))
        for (const [form, replacement] of CREDENTIAL_FORMS)
            out = out.replace(form, replacement);
    return out;
}
function redactPieces(text) {
    const covered = new Uint8Array(text.length);
    let found = false;
    const mark = (from, length) => {
        covered.fill(1, from, from + length);
        found = true;
    };
    for (const secret of secrets) {
        for (let i = 0; i + SECRET_PIECE <= secret.length; i++) {
            const piece = secret.slice(i, i + SECRET_PIECE);
            for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + 1))
                mark(at, SECRET_PIECE);
        }
        for (let length = Math.min(secret.length - 1, text.length); length >= SECRET_EDGE; length--) {
            if (text.endsWith(secret.slice(0, length))) {
                mark(text.length - length, length);
                break;
            }
        }
        for (let length = Math.min(secret.length - 1, text.length); length >= SECRET_EDGE; length--) {
            if (text.startsWith(secret.slice(-length))) {
                mark(0, length);
                break;
            }
        }
    }
    if (!found)
        return text;
    let out = '';
    for (let i = 0; i < text.length; i++) {
        if (!covered[i])
            out += text[i];
        else if (i === 0 || !covered[i - 1])
            out += REDACTED;
    }
    return out;
}
/**
 * `text` made safe for one log line: `oneLine()`, then a leading `::` and every `##[` broken
 * with a zero-width space.
 */
function untrusted(text, max = MAX_UNTRUSTED_LENGTH) {
    return oneLine(text, max)
        .replace(/##\[/g, `#${BREAK}#[`)
        .replace(/^(\s*):(?=:)/, `$1:${BREAK}`);
}
/** `untrusted()` in double quotes, for names and messages inside a sentence. */
function quoted(text, max = MAX_UNTRUSTED_LENGTH) {
    return `"${untrusted(text, max).replace(/"/g, '\\"')}"`;
}
/** The first `max` characters (code points) of `text`, and `…` when there were more; linear, never splits a pair. */
function cut(text, max) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; the loop gives the same answer
    if (text.length <= max)
        return text;
    let count = 0;
    for (let i = 0; i < text.length; count++) {
        if (count === max)
            return `${text.slice(0, i)}…`;
        i += text.codePointAt(i) > 0xffff ? 2 : 1;
    }
    return text;
}
/** Whether `text` holds a control character or a line break of any kind: what a one-line input may not. */
function hasControlCharacters(text) {
    return CONTROL_CHARACTER.test(text);
}
/** Printable ASCII without a space: what a key or token may be, since it is sent in a header. */
const PRINTABLE_TOKEN = /^[\x21-\x7e]+$/;
/** Whether `text` is one token of printable ASCII (no space, no line break), of at most `max` characters. */
function isPrintableToken(text, max = Number.POSITIVE_INFINITY) {
    return text.length <= max && PRINTABLE_TOKEN.test(text);
}


/***/ }),

/***/ 2301:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ ACTION_VERSION),
/* harmony export */   _: () => (/* binding */ USER_AGENT)
/* harmony export */ });
/** Sent in the User-Agent. Kept equal to package.json's version by a unit test. */
const ACTION_NAME = 'neon-api-action';
const ACTION_VERSION = '1.0.0';
const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION} node/${process.versions.node}`;


/***/ }),

/***/ 8708:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  L: () => (/* binding */ COMMANDS),
  n: () => (/* binding */ COMMAND_NAMES)
});

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/inputs/keys.ts
var keys = __webpack_require__(5845);
// EXTERNAL MODULE: ./src/inputs/operations.ts
var operations = __webpack_require__(2151);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/github/targets.ts
var github_targets = __webpack_require__(5617);
// EXTERNAL MODULE: ./src/inputs/values.ts
var values = __webpack_require__(8463);
;// CONCATENATED MODULE: ./src/inputs/secrets.ts
/**
 * Where rotate-key stores the new key: `secret-name`, `secret-targets` (or the workflow's own
 * repository, GITHUB_REPOSITORY, and `secret-environment`), `secret-visibility`,
 * `secret-repositories` and the `github-token` that may write them all.
 */




/** GitHub's limit on an environment's name. */
const MAX_ENVIRONMENT_NAME_LENGTH = 255;
/**
 * The most targets one rotation writes: each costs two or three reads and a write, and GitHub's
 * secondary rate limit allows about 80 writes a minute.
 */
const MAX_SECRET_TARGETS = 50;
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Where rotate-key stores the new key: `secret-name` in every target of `secret-targets`, or
 * without it in the repository of the workflow (GITHUB_REPOSITORY), or its `secret-environment`.
 */
function readSecretStorage(read, runner) {
    const token = read('github-token').trim();
    const name = read('secret-name').trim();
    const environment = read('secret-environment').trim() || undefined;
    const listed = read('secret-targets').trim();
    if (!name) {
        // A token given without a name is a `secret-name` whose expression came out empty: the key would go unstored.
        const storageInputs = ['secret-environment', 'secret-targets', 'secret-visibility', 'secret-repositories', 'github-token'];
        for (const input of storageInputs) {
            if (read(input).trim()) {
                throw new errors/* InputError */.dz(`Input \`${input}\` was given without \`secret-name\`: name the secret to store the new key in (the same name in every target).`);
            }
        }
        return undefined;
    }
    if (environment !== undefined && !isEnvironmentName(environment)) {
        throw new errors/* InputError */.dz(`Input \`secret-environment\` must be the name of an environment of the repository: one line of at most ${MAX_ENVIRONMENT_NAME_LENGTH} characters, as GitHub names environments, and not \`.\` or \`..\`.`);
    }
    if (!SECRET_NAME.test(name) || /^GITHUB_/i.test(name)) {
        throw new errors/* InputError */.dz(`Input \`secret-name\` is ${(0,base_text/* quoted */.TL)(name)}: a secret name is letters, digits and underscores, does not start with a digit, and does not start with GITHUB_.`);
    }
    if (listed && environment !== undefined) {
        throw new errors/* InputError */.dz('Inputs `secret-targets` and `secret-environment` were both given: in `secret-targets`, name an environment secret as `owner/repo:environment`.');
    }
    const targets = listed ? readSecretTargets(listed) : [oneTarget(readRepository(runner.repository), environment)];
    const access = readOrganizationAccess(read, targets);
    if (!token) {
        throw new errors/* InputError */.dz('Input `secret-name` needs `github-token`: a token that may write the secrets (a fine-grained token or a GitHub App token with the permissions each target needs). The default GITHUB_TOKEN may not.');
    }
    // Sent in a header, which takes nothing else: a request refused for it can end the step without an error.
    if (!(0,base_text/* isPrintableToken */.NC)(token)) {
        throw new errors/* InputError */.dz('Input `github-token` must be a single token of printable ASCII characters, without spaces or line breaks.');
    }
    return { name, token, targets, ...(access === undefined ? {} : { access }) };
}
function oneTarget(repository, environment) {
    return environment === undefined ? { kind: 'repository', ...repository } : { kind: 'environment', ...repository, environment };
}
/**
 * `secret-targets`: `owner/repo` (a repository secret), `owner/repo:environment`, `org:NAME` (an
 * organization secret), `dependabot:owner/repo` and `dependabot:org:NAME` (Dependabot secrets).
 */
function readSecretTargets(raw) {
    const targets = [];
    const seen = new Set();
    for (const [i, entry] of (0,values/* listEntries */.fi)(raw, 'secret-targets').entries()) {
        const target = parseSecretTarget(entry, i + 1);
        const id = (0,github_targets/* targetText */.Z3)(target).toLowerCase();
        if (seen.has(id))
            throw new errors/* InputError */.dz(`Input \`secret-targets\` names ${(0,base_text/* untrusted */.bp)(id)} twice: name each target once.`);
        seen.add(id);
        targets.push(target);
    }
    if (targets.length === 0) {
        throw new errors/* InputError */.dz('Input `secret-targets` names no target: list `owner/repo`, `owner/repo:environment` or `org:NAME`, one a line.');
    }
    if (targets.length > MAX_SECRET_TARGETS) {
        throw new errors/* InputError */.dz(`Input \`secret-targets\` names ${targets.length} targets: one rotation stores the key in at most ${MAX_SECRET_TARGETS}. ` +
            'Share it through an organization secret (`org:NAME`) with the repositories that read it.');
    }
    return targets;
}
function parseSecretTarget(entry, position) {
    const refuse = (reason) => new errors/* InputError */.dz(`Input \`secret-targets\`, entry ${position} (${(0,base_text/* quoted */.TL)(entry, 80)}), is not a target: ${reason}`);
    const usage = 'write `owner/repo`, `owner/repo:environment`, `org:NAME`, `dependabot:owner/repo` or `dependabot:org:NAME`, one a line.';
    const lower = entry.toLowerCase();
    const dependabot = lower.startsWith('dependabot:');
    const rest = dependabot ? entry.slice('dependabot:'.length) : entry;
    if (rest.toLowerCase().startsWith('org:')) {
        const org = rest.slice('org:'.length);
        if (!OWNER.test(org))
            throw refuse(usage);
        return dependabot ? { kind: 'dependabot-organization', org } : { kind: 'organization', org };
    }
    const colon = rest.indexOf(':');
    const repository = parseRepository(colon < 0 ? rest : rest.slice(0, colon));
    if (!repository)
        throw refuse(usage);
    if (colon < 0)
        return dependabot ? { kind: 'dependabot', ...repository } : { kind: 'repository', ...repository };
    if (dependabot)
        throw refuse('Dependabot has no environment secrets; write `dependabot:owner/repo`.');
    const environment = rest.slice(colon + 1);
    if (!environment || !isEnvironmentName(environment))
        throw refuse(usage);
    return { kind: 'environment', ...repository, environment };
}
function parseRepository(text) {
    const [owner = '', repo = '', ...more] = text.split('/');
    return OWNER.test(owner) && REPO.test(repo) && repo !== '.' && repo !== '..' && more.length === 0 ? { owner, repo } : undefined;
}
/** As GitHub names environments; `.` and `..` would name another path once in a URL. */
function isEnvironmentName(name) {
    return [...name].length <= MAX_ENVIRONMENT_NAME_LENGTH && !(0,base_text/* hasControlCharacters */.Kg)(name) && name !== '.' && name !== '..';
}
/** `secret-visibility` and `secret-repositories`: who may read the organization secrets; unset, each keeps what it has. */
function readOrganizationAccess(read, targets) {
    const visibility = read('secret-visibility').trim();
    const listed = read('secret-repositories').trim();
    if (!visibility && !listed)
        return undefined;
    const organizations = targets.flatMap((t) => (t.kind === 'organization' || t.kind === 'dependabot-organization' ? [t.org] : []));
    if (organizations.length === 0) {
        const input = visibility ? 'secret-visibility' : 'secret-repositories';
        throw new errors/* InputError */.dz(`Input \`${input}\` applies only to organization secrets (\`org:NAME\` or \`dependabot:org:NAME\` in \`secret-targets\`).`);
    }
    if (visibility && !github_targets/* VISIBILITIES */.jZ.includes(visibility)) {
        throw new errors/* InputError */.dz(`Input \`secret-visibility\` is ${(0,base_text/* quoted */.TL)(visibility, 80)}: it must be all, private or selected (leave it empty to keep each secret's visibility).`);
    }
    if (visibility !== 'selected') {
        if (listed)
            throw new errors/* InputError */.dz('Input `secret-repositories` applies only with `secret-visibility: selected`.');
        return { visibility: visibility };
    }
    if (!listed) {
        throw new errors/* InputError */.dz('Input `secret-visibility` is selected: list the repositories that may read the secret in `secret-repositories`.');
    }
    const repositories = (0,values/* listEntries */.fi)(listed, 'secret-repositories').map((entry, i) => {
        if (REPO.test(entry) && entry !== '.' && entry !== '..')
            return { repo: entry };
        const named = parseRepository(entry);
        if (!named) {
            throw new errors/* InputError */.dz(`Input \`secret-repositories\`, entry ${i + 1} (${(0,base_text/* quoted */.TL)(entry, 80)}), is not a repository: write \`repo\` or \`owner/repo\`, one a line.`);
        }
        const outside = organizations.find((org) => org.toLowerCase() !== named.owner.toLowerCase());
        if (outside !== undefined) {
            throw new errors/* InputError */.dz(`Input \`secret-repositories\` names ${(0,base_text/* untrusted */.bp)(`${named.owner}/${named.repo}`)}, which is not a repository of organization ${(0,base_text/* untrusted */.bp)(outside)}: ` +
                'an organization secret is read only by its own repositories.');
        }
        return named;
    });
    return { visibility, repositories };
}
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
/** GITHUB_REPOSITORY, which the runner sets to owner/repo: where the secret is stored. */
function readRepository(value) {
    const repository = parseRepository(value ?? '');
    if (!repository) {
        const reason = value ? `is ${(0,base_text/* quoted */.TL)(value, 150)}, not owner/repo` : 'is not set';
        throw new errors/* RunnerVariableError */.tB(`GITHUB_REPOSITORY ${reason}, so the repository to store the secret in is unknown: run rotate-key with \`secret-name\` as a step of a GitHub Actions job, or name the targets in \`secret-targets\`.`);
    }
    return repository;
}

// EXTERNAL MODULE: ./src/inputs/urls.ts
var urls = __webpack_require__(9695);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/api/ids.ts
var ids = __webpack_require__(7958);
;// CONCATENATED MODULE: ./src/keys/rotation-name.ts



/**
 * rotate-key's key name when none is given: unique to the set of targets and the secret, so two
 * workflows that rotate into different places never rotate (or revoke) each other's keys. GitHub
 * compares every part without case, so the name does too, and the order of the targets does not
 * count. One target: `gha:<target>:<SECRET>`. Several: `gha:<first target>+<how many more>:<SECRET>`
 * and `~` with 8 hex digits of the SHA-256 of the whole set. Within 64 characters: a longer
 * one keeps its first 55 and ends in `~` and 8 hex digits of the SHA-256 of the whole.
 */
function defaultRotationKeyName(storage) {
    const secret = storage.name.toUpperCase();
    const texts = storage.targets.map((t) => (0,github_targets/* targetText */.Z3)(t).toLowerCase()).sort();
    const digest = (text) => (0,external_node_crypto_.createHash)('sha256').update(text).digest('hex').slice(0, 8);
    const full = texts.length === 1
        ? `gha:${texts[0]}:${secret}`
        : `gha:${texts[0]}+${texts.length - 1}:${secret}~${digest([...texts, secret].join('\n'))}`;
    const chars = [...full];
    if (chars.length <= ids/* MAX_KEY_NAME_LENGTH */.ih)
        return full;
    return `${chars.slice(0, ids/* MAX_KEY_NAME_LENGTH */.ih - 9).join('')}~${digest(full)}`;
}

;// CONCATENATED MODULE: ./src/commands/registry.ts
/**
 * The one table of commands. Each row says which inputs the command reads (besides the common
 * ones), which inputs it refuses because ignoring them would surprise, how its settings are read
 * (before any request: every input error comes first), and how it runs: its module is a chunk of
 * the bundle of its own, loaded only when the step runs it. action.yml's `command` description,
 * the check of inputs a command does not read, the dispatch and the docs' tables come from this
 * table or are checked against it by a test. A new command is its own file, a row here, and
 * action.yml.
 */







/** A row of the table, typed by its settings. */
function command(definition) {
    return definition;
}
const NOT_A_SECRET = 'create-key never stores the new key in a secret. To keep a key in a GitHub Actions secret, use rotate-key with `secret-name`; ' +
    'or pass the `key` output on yourself.';
const COMMANDS = {
    'create-key': command({
        inputs: ['key-name', 'revoke-after-job', 'expires-in', 'org-id', 'project-id'],
        refused: { 'secret-name': NOT_A_SECRET, 'secret-environment': NOT_A_SECRET, 'secret-targets': NOT_A_SECRET },
        settings: (read) => {
            const keyName = (0,values/* requireInput */.oN)((0,values/* readKeyName */.x9)(read), 'create-key needs `key-name`.');
            const revokeAfterJob = (0,values/* readBoolean */.Vf)(read, 'revoke-after-job');
            const expiresInMs = (0,keys/* readExpiresIn */.eQ)(read, revokeAfterJob);
            if (expiresInMs !== undefined)
                (0,keys/* checkRoomForExpiry */.yc)(keyName, revokeAfterJob && !read('expires-in').trim());
            return {
                keyName,
                revokeAfterJob,
                ...(expiresInMs === undefined ? {} : { expiresInMs }),
                orgId: (0,values/* readOrgId */.cZ)(read),
                projectId: (0,values/* readOptionalProjectId */.Le)(read),
            };
        },
        run: async (ctx, settings) => (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(560), __webpack_require__.e(3), __webpack_require__.e(750)]).then(__webpack_require__.bind(__webpack_require__, 750))).runCreateKey(ctx, settings),
    }),
    'revoke-key': command({
        inputs: ['key-id', 'key-name', 'org-id'],
        refused: {
            // Revoking "by name within a project" is not what would happen: every key of that name would go.
            'project-id': "revoke-key revokes by `key-id` or `key-name` only. Set `org-id` to act on an organization's keys, project-scoped ones included.",
            'unused-for': 'revoke-key revokes the keys it names, whether or not they are used. To revoke only keys unused for a while, use prune-keys.',
            'max-revoke': 'revoke-key revokes every key it names, with no limit. To revoke keys within a limit, use prune-keys.',
            'keep-previous': 'revoke-key keeps none of the keys it names. To keep the newest keys of a name valid, use rotate-key.',
        },
        settings: (read) => {
            const keyId = (0,values/* readKeyId */.jN)(read);
            const keyName = (0,values/* readKeyName */.x9)(read);
            if (keyId !== undefined && keyName !== undefined) {
                throw new errors/* InputError */.dz('Inputs `key-id` and `key-name` were both given to revoke-key: give one, the id of one key or the name of the keys to revoke.');
            }
            if (keyId === undefined && keyName === undefined) {
                throw new errors/* InputError */.dz('revoke-key needs `key-id` (the id of one key) or `key-name` (revokes every key with exactly that name).');
            }
            return { keyId, keyName, orgId: (0,values/* readOrgId */.cZ)(read) };
        },
        run: async (ctx, settings) => (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(560), __webpack_require__.e(872)]).then(__webpack_require__.bind(__webpack_require__, 3872))).runRevokeKey(ctx, settings),
    }),
    'list-keys': command({
        inputs: ['org-id'],
        settings: (read) => ({ orgId: (0,values/* readOrgId */.cZ)(read) }),
        run: async (ctx, settings, places) => (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(673)]).then(__webpack_require__.bind(__webpack_require__, 9673))).runListKeys(ctx, { ...settings, ...places }),
    }),
    'list-projects': command({
        inputs: ['org-id', 'search'],
        settings: (read) => ({ orgId: (0,values/* readOrgId */.cZ)(read), search: (0,values/* readSearch */.j7)(read) }),
        run: async (ctx, settings, places) => (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(247)]).then(__webpack_require__.bind(__webpack_require__, 5247))).runListProjects(ctx, { ...settings, ...places }),
    }),
    'wait-for-operations': command({
        inputs: ['project-id', 'operation-ids', 'branch-id', 'poll-interval'],
        settings: (read) => ({
            projectId: (0,values/* readProjectId */.bS)(read, 'wait-for-operations needs `project-id`: the id of the project whose operations to wait for.'),
            operations: (0,operations/* readOperationSelection */.c1)(read),
            pollIntervalMs: (0,values/* readSeconds */.UW)(read, 'poll-interval', operations/* DEFAULT_POLL_INTERVAL_SECONDS */.Ou, operations/* MIN_POLL_INTERVAL_SECONDS */.vD, operations/* MAX_POLL_INTERVAL_SECONDS */.Nd) * 1000,
        }),
        run: async (ctx, settings) => (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(250)]).then(__webpack_require__.bind(__webpack_require__, 3250))).runWaitForOperations(ctx, settings),
    }),
    'rotate-key': command({
        inputs: [
            'key-name',
            'key-id',
            'secret-name',
            'secret-environment',
            'secret-targets',
            'secret-visibility',
            'secret-repositories',
            'github-token',
            'keep-previous',
            'org-id',
            'project-id',
        ],
        refused: {
            'revoke-after-job': 'a rotated key stays valid until the next rotation replaces it. `revoke-after-job` is for create-key, whose key lives for one job.',
            'expires-in': 'a rotated key stays valid until the next rotation replaces it. `expires-in` is for create-key.',
        },
        settings: (read, runner) => {
            const secrets = readSecretStorage(read, runner);
            const githubApiUrl = secrets && (0,urls/* readGitHubApiUrl */.p5)(runner.apiUrl);
            const keyName = (0,values/* readKeyName */.x9)(read) ?? (secrets && defaultRotationKeyName(secrets));
            if (keyName === undefined) {
                throw new errors/* InputError */.dz('rotate-key without `secret-name` needs `key-name`: the name of the keys to rotate. With `secret-name` it defaults to a name unique to the targets and the secret.');
            }
            return {
                keyName,
                keyId: (0,values/* readKeyId */.jN)(read),
                secrets,
                githubApiUrl,
                keepPrevious: (0,keys/* readKeepPrevious */.$R)(read),
                orgId: (0,values/* readOrgId */.cZ)(read),
                projectId: (0,values/* readOptionalProjectId */.Le)(read),
            };
        },
        run: async (ctx, settings) => (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(560), __webpack_require__.e(3), __webpack_require__.e(997)]).then(__webpack_require__.bind(__webpack_require__, 8997))).runRotateKey(ctx, settings),
    }),
    'prune-keys': command({
        inputs: ['key-name', 'unused-for', 'dry-run', 'max-revoke', 'org-id'],
        refused: {
            'key-id': 'prune-keys selects keys by name, expiry and use, never by id. To revoke one key by its id, use revoke-key.',
            'project-id': "prune-keys works on the personal keys of the step's user, or with `org-id` on an organization's keys, project-scoped ones included. " +
                'Narrow it with `key-name` (a name prefix).',
            'expires-in': 'prune-keys always selects the keys whose names say they have expired. ' +
                'To select keys by how long they have not been used, set `unused-for`.',
        },
        settings: (read) => (0,keys/* readPruneSelection */.rS)(read),
        run: async (ctx, settings) => (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(412)]).then(__webpack_require__.bind(__webpack_require__, 1412))).runPruneKeys(ctx, settings),
    }),
    'list-operations': command({
        inputs: [
            'project-id',
            'project-ids',
            'org-id',
            'branch-id',
            'since',
            'max-operations',
            'operation-statuses',
            'operation-actions',
            'fail-on-status',
        ],
        refused: {
            'operation-ids': 'list-operations lists operations by project, `since`, status and action, and never waits. To wait for operations, use wait-for-operations.',
            'poll-interval': 'list-operations reads each list once and never polls. To wait until operations are done, use wait-for-operations.',
        },
        settings: (read) => (0,operations/* readListingSelection */.X4)(read),
        run: async (ctx, settings, places) => (await Promise.all(/* import() */[__webpack_require__.e(214), __webpack_require__.e(259)]).then(__webpack_require__.bind(__webpack_require__, 5259))).runListOperations(ctx, { ...settings, ...places }),
    }),
};
const COMMAND_NAMES = Object.keys(COMMANDS);


/***/ }),

/***/ 5617:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z3: () => (/* binding */ targetText),
/* harmony export */   ff: () => (/* binding */ describeTarget),
/* harmony export */   hp: () => (/* binding */ isOrganizationTarget),
/* harmony export */   jZ: () => (/* binding */ VISIBILITIES)
/* harmony export */ });
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
/**
 * Where rotate-key stores the new key: one secret name, in one or more GitHub secret stores.
 * Types and names only: the inputs read them at every start, the code that writes the secrets
 * (secret-stores.ts) loads only when a rotation stores one.
 */

const VISIBILITIES = ['all', 'private', 'selected'];
/**
 * A target as `secret-targets` spells it, and as outputs name it: `owner/repo`,
 * `owner/repo:environment`, `org:NAME`, `dependabot:owner/repo`, `dependabot:org:NAME`.
 */
function targetText(target) {
    switch (target.kind) {
        case 'repository':
            return `${target.owner}/${target.repo}`;
        case 'environment':
            return `${target.owner}/${target.repo}:${target.environment}`;
        case 'organization':
            return `org:${target.org}`;
        case 'dependabot':
            return `dependabot:${target.owner}/${target.repo}`;
        case 'dependabot-organization':
            return `dependabot:org:${target.org}`;
    }
}
/** "repository octo-org/api", "environment "production" of octo-org/api"…: for log lines. */
function describeTarget(target) {
    switch (target.kind) {
        case 'repository':
            return `repository ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(`${target.owner}/${target.repo}`)}`;
        case 'environment':
            return `environment ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .quoted */ .TL)(target.environment, 80)} of ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(`${target.owner}/${target.repo}`)}`;
        case 'organization':
            return `organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(target.org)}`;
        case 'dependabot':
            return `Dependabot secrets of ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(`${target.owner}/${target.repo}`)}`;
        case 'dependabot-organization':
            return `Dependabot secrets of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(target.org)}`;
    }
}
/** Organization secrets (Actions or Dependabot) say on every write who may read them. */
function isOrganizationTarget(target) {
    return target.kind === 'organization' || target.kind === 'dependabot-organization';
}


/***/ }),

/***/ 8549:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C_: () => (/* binding */ namedConnectionFailure),
/* harmony export */   GI: () => (/* binding */ RequestError),
/* harmony export */   pB: () => (/* binding */ requestErrorIn)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/**
 * Every way a request can fail, to the platform or to GitHub, as one error type with one
 * vocabulary: what kind of failure, the status and the request id when the server answered,
 * whether the request may have reached the server (a write then may have been carried out), and
 * whether sending it again can help. The command layer and the single catch in main turn it into
 * one clear line. Messages never hold a secret: they are built from the method, the path, the
 * status and the server's own words, made safe.
 */

class RequestError extends _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .OwnError */ .Nj {
    kind;
    method;
    path;
    requestId;
    status;
    code;
    serviceMessage;
    excerpt;
    attempts;
    retryAfterMs;
    rateLimited;
    mayHaveReachedServer;
    earlierAttemptUncertain;
    constructor(message, details) {
        super(message);
        this.name = 'RequestError';
        this.kind = details.kind;
        this.method = details.method;
        this.path = details.path;
        this.requestId = details.requestId;
        this.status = details.status;
        this.code = details.code;
        this.serviceMessage = details.serviceMessage;
        this.excerpt = details.excerpt;
        this.attempts = details.attempts ?? 1;
        this.retryAfterMs = details.retryAfterMs;
        this.rateLimited = details.rateLimited ?? false;
        this.mayHaveReachedServer = details.mayHaveReachedServer ?? false;
        this.earlierAttemptUncertain = details.earlierAttemptUncertain ?? false;
    }
    /** No answer within the request's own time limit, with more of the step's time left: the server may still be at it. */
    get timedOut() {
        return this.kind === 'timeout';
    }
    /** Sending it again cannot help: it could not be built, the step's time is up, the runner cancelled the step, the proxy or the certificate refused it. */
    get final() {
        return ['invalid', 'deadline', 'cancelled', 'proxy-refused', 'certificate'].includes(this.kind);
    }
    /** The same error, after more attempts. */
    withAttempts(attempts, earlierAttemptUncertain) {
        return new RequestError(this.message, { ...this, attempts, earlierAttemptUncertain });
    }
}
/** The request failure behind `error`: the error itself, or the RequestError it was caused by. */
function requestErrorIn(error) {
    for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
        if (cause instanceof RequestError)
            return cause;
    }
    return undefined;
}
/**
 * A failed connection the transport could name: at its proxy (the proxy's words, and whether the
 * request may have gone past it) or at the server's TLS certificate (which nothing was sent over).
 */
function namedConnectionFailure(received, base) {
    if (received.proxy) {
        const { message, final, notSent } = received.proxy;
        return new RequestError(message, { ...base, kind: final ? 'proxy-refused' : 'proxy', mayHaveReachedServer: !notSent });
    }
    if (received.certificate)
        return new RequestError(received.certificate.message, { ...base, kind: 'certificate' });
    return undefined;
}


/***/ }),

/***/ 7788:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Tl: () => (/* binding */ ProxySettingError),
/* harmony export */   Wm: () => (/* binding */ proxySecrets),
/* harmony export */   bD: () => (/* binding */ PROXY_VARIABLES),
/* harmony export */   v: () => (/* binding */ firstSet),
/* harmony export */   zn: () => (/* binding */ proxyVariableSet)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/**
 * The proxy variables as the runner and curl read them (lower case first; an empty one counts as
 * unset): whether any is set, and what in them must be masked. Loaded at every start; the rest of
 * the proxy support (proxy.ts) only when a variable is set, or a request failed.
 */

/** The variables read for each scheme, lower case first. */
const PROXY_VARIABLES = {
    'https:': ['https_proxy', 'HTTPS_PROXY'],
    'http:': ['http_proxy', 'HTTP_PROXY'],
};
/** A proxy variable the action cannot use. Its value is never quoted: it may hold credentials. */
class ProxySettingError extends _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .OwnError */ .Nj {
    constructor(message) {
        super(message);
        this.name = 'ProxySettingError';
    }
}
/** Whether any variable names a proxy: only then is undici's proxy support loaded. */
function proxyVariableSet(env) {
    return Object.values(PROXY_VARIABLES).some((names) => firstSet(env, names) !== undefined);
}
/**
 * What in the proxy variables must be masked before anything is printed: each URL's user and
 * password, as written and percent-decoded, and the Proxy-Authorization value they make. Read
 * without a URL parser too, so a variable the action cannot use is masked all the same.
 */
function proxySecrets(env) {
    const secrets = new Set();
    for (const name of Object.values(PROXY_VARIABLES).flat()) {
        const value = env[name]?.trim();
        if (!value)
            continue;
        const authority = value.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '');
        const at = authority.lastIndexOf('@');
        if (at < 0)
            continue;
        const userinfo = authority.slice(0, at);
        const colon = userinfo.indexOf(':');
        const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
        const password = colon < 0 ? '' : userinfo.slice(colon + 1);
        const decoded = [percentDecoded(user), percentDecoded(password)];
        for (const secret of [user, password, ...decoded])
            if (secret !== '')
                secrets.add(secret);
        secrets.add(Buffer.from(`${decoded[0]}:${decoded[1]}`).toString('base64'));
    }
    return [...secrets];
}
function percentDecoded(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}
/** The first of `names` set to more than blanks: an empty variable counts as unset, as curl and the runner count it. */
function firstSet(env, names) {
    for (const name of names) {
        const value = env[name];
        if (value !== undefined && value.trim() !== '')
            return { name, value };
    }
    return undefined;
}


/***/ }),

/***/ 8902:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EY: () => (/* binding */ backoffDelay),
/* harmony export */   R$: () => (/* binding */ retrying),
/* harmony export */   U3: () => (/* binding */ RETRYABLE_STATUSES),
/* harmony export */   cO: () => (/* binding */ DEFAULT_RETRY_POLICY),
/* harmony export */   lg: () => (/* binding */ CONGESTION_STATUSES),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   rM: () => (/* binding */ NOT_CARRIED_OUT_STATUSES)
/* harmony export */ });
/** Statuses after which a read is safe to send again (service facts: 423 and 503 always are). */
const RETRYABLE_STATUSES = new Set([423, 429, 500, 502, 503, 504]);
/** Statuses that say the request was not carried out, so even a write may be sent again. */
const NOT_CARRIED_OUT_STATUSES = new Set([423, 429, 503]);
/** Statuses that say the service is congested (rate limited or overloaded), not that anything failed. */
const CONGESTION_STATUSES = new Set([429, 503]);
const DEFAULT_RETRY_POLICY = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 20_000 };
/**
 * Exponential back-off with jitter: attempt 1 waits about 1 s, then 2 s, 4 s… capped; the
 * jitter keeps parallel jobs from retrying in step. `random` is injectable for tests.
 */
function backoffDelay(retry, policy, random = Math.random) {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
/** Retry-After as milliseconds: delta-seconds or an HTTP date. Undefined when absent or unreadable. */
function parseRetryAfter(value, now) {
    if (value === undefined)
        return undefined;
    const trimmed = value.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed))
        return Math.round(Number(trimmed) * 1000);
    const date = Date.parse(trimmed);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - now);
}
/** Runs `attempt` until it succeeds, a failure is not worth retrying, attempts run out, or time does. */
async function retrying(attempt, options) {
    const giveUp = options.giveUp ?? ((error) => error);
    const deadline = typeof options.deadline === 'function' ? options.deadline : () => options.deadline;
    const { clock, interrupt } = options;
    const outOfTime = (error, n, delay) => options.outOfTime ? options.outOfTime(error, n, delay) : giveUp(error, n);
    for (let n = 1;; n++) {
        try {
            return await attempt(n);
        }
        catch (error) {
            const delay = n < options.maxAttempts ? options.delayAfter(error, n) : undefined;
            if (delay === undefined)
                throw giveUp(error, n);
            if (interrupt?.signal.aborted && interrupt.stop)
                throw interrupt.stop(error, n, delay);
            if (clock.now() + delay >= deadline())
                throw outOfTime(error, n, delay);
            options.onRetry?.(error, n, delay);
            const due = clock.now() + delay;
            // A signal that came before the wait cannot end it: the deadline above already counts it.
            const listening = interrupt !== undefined && !interrupt.signal.aborted;
            await clock.sleep(delay, listening ? interrupt.signal : undefined);
            if (listening && interrupt.signal.aborted && clock.now() < due) {
                if (interrupt.stop)
                    throw interrupt.stop(error, n, delay);
                if (due >= deadline())
                    throw outOfTime(error, n, delay);
                await clock.sleep(due - clock.now());
            }
        }
    }
}


/***/ }),

/***/ 1517:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CA: () => (/* binding */ errorCode),
/* harmony export */   Um: () => (/* binding */ directPool),
/* harmony export */   Yf: () => (/* binding */ unsendable),
/* harmony export */   Z: () => (/* binding */ headerValue),
/* harmony export */   _L: () => (/* binding */ queryString),
/* harmony export */   _r: () => (/* binding */ reachedServer),
/* harmony export */   bR: () => (/* binding */ serviceBase),
/* harmony export */   h5: () => (/* binding */ connectionPool),
/* harmony export */   hP: () => (/* binding */ isRequestId),
/* harmony export */   he: () => (/* binding */ SUCCESS_BODY_LIMIT),
/* harmony export */   j2: () => (/* binding */ REQUEST_TIMEOUT_MS),
/* harmony export */   ob: () => (/* binding */ sendAttempt),
/* harmony export */   u4: () => (/* binding */ isRecord),
/* harmony export */   xO: () => (/* binding */ decodeJson),
/* harmony export */   zU: () => (/* binding */ excerptOf)
/* harmony export */ });
/* unused harmony exports ERROR_BODY_LIMIT, sendRequest, readBody */
/* harmony import */ var undici_lib_dispatcher_agent_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7405);
/* harmony import */ var undici_lib_dispatcher_agent_js__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(undici_lib_dispatcher_agent_js__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var undici_lib_api_api_request_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4043);
/* harmony import */ var undici_lib_api_api_request_js__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(undici_lib_api_api_request_js__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(766);
/* harmony import */ var _proxy_variables_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7788);
// undici's entry loads all it has (fetch, WebSocket, caches, mocks, proxies): 70–85 ms of CPU
// at every start-up. The action needs its connection pool and `request`, and loads only those.




/** Where a service's API is: its origin, and the path below it every request's path goes under (no trailing slash). */
function serviceBase(apiUrl) {
    const base = new URL(apiUrl);
    return { origin: base.origin, basePath: base.pathname.replace(/\/+$/, '') };
}
/** Every pool of the step: kept alive (a waiter's polls reuse the connection), a few connections per origin. */
const POOL_OPTIONS = { keepAliveTimeout: 30_000, connections: 4 };
/** A pool that connects directly, whatever the environment says: what a client makes when it is given none. */
function directPool() {
    return new (undici_lib_dispatcher_agent_js__WEBPACK_IMPORTED_MODULE_0___default())(POOL_OPTIONS);
}
/**
 * The step's connection pool, for every request of both services: through the proxies the
 * environment names (http/proxy.ts, loaded only then), or directly. Throws ProxySettingError for
 * a proxy variable the action cannot use.
 */
async function connectionPool(env) {
    if (!(0,_proxy_variables_js__WEBPACK_IMPORTED_MODULE_3__/* .proxyVariableSet */ .zn)(env))
        return directPool();
    const { proxyDispatcher } = await __webpack_require__.e(/* import() */ 856).then(__webpack_require__.bind(__webpack_require__, 7856));
    return (await proxyDispatcher(env, POOL_OPTIONS)) ?? directPool();
}
const EXCERPT_LENGTH = 200;
/** An error body is read only this far: enough for any JSON error, bounded for a hostile one. */
const ERROR_BODY_LIMIT = 64 * 1024;
/** A successful body larger than this is refused, not retried: no answer of the API is that big. */
const SUCCESS_BODY_LIMIT = 64 * 1024 * 1024;
/**
 * A request id a server may answer with (the platform, GitHub): a short token, without `::` (a
 * later step that echoes an output must not print a runner command). Anything else is left out, never cut.
 */
const REQUEST_ID = /^(?!.*::)[A-Za-z0-9_.:-]{1,128}$/;
/** Whether a server's request id may be quoted and set as an output: a short token that is none of the step's secrets. */
function isRequestId(value) {
    return typeof value === 'string' && REQUEST_ID.test(value) && (0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .redactSecrets */ .fp)(value) === value;
}
/** How long one attempt may wait for an answer, when the step's timeout leaves that much. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Errors raised before a byte of the request left: the service cannot have seen it. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
/** undici's code for a request it could not build (a header value it refuses): it never left. */
const INVALID_REQUEST_CODE = 'UND_ERR_INVALID_ARG';
/** Sends one request and reads its body within the limits; never throws. */
async function sendRequest(dispatcher, origin, request, signal) {
    let status;
    try {
        const response = await undici_lib_api_api_request_js__WEBPACK_IMPORTED_MODULE_1___default().call(dispatcher, { origin, ...request, signal });
        status = response.statusCode;
        const success = status >= 200 && status < 300;
        const declared = Number(headerValue(response.headers['content-length']));
        if (success && declared > SUCCESS_BODY_LIMIT) {
            response.body.destroy();
            return { ok: true, status, headers: response.headers, text: '', bytes: declared, tooLarge: true };
        }
        const { text, bytes, tooLarge } = await readBody(response.body, success);
        return { ok: true, status, headers: response.headers, text, bytes, tooLarge };
    }
    catch (cause) {
        if (status !== undefined)
            return { ok: false, cause, status };
        // Named now, while the failure is at hand: the proxy's, or the certificate's, or neither.
        // Loaded only now: a step whose requests all get answers never pays for it.
        const { describeCertificateError, describeProxyFailure, routeOf } = await __webpack_require__.e(/* import() */ 856).then(__webpack_require__.bind(__webpack_require__, 7856));
        const route = routeOf(dispatcher, origin);
        const proxy = route && describeProxyFailure(cause, route);
        if (proxy)
            return { ok: false, cause, proxy };
        const message = describeCertificateError(cause, origin, process.env);
        return message === undefined ? { ok: false, cause } : { ok: false, cause, certificate: { message } };
    }
}
/**
 * Reads a body within its limit: an error body only to its first ERROR_BODY_LIMIT bytes; a
 * successful one whole, or not at all once a byte past SUCCESS_BODY_LIMIT arrives (a body of
 * exactly the limit is whole, wherever its chunks end). Leaving the loop destroys the body: the
 * rest is never downloaded.
 */
async function readBody(body, success) {
    const limit = success ? SUCCESS_BODY_LIMIT : ERROR_BODY_LIMIT;
    const chunks = [];
    let bytes = 0;
    for await (const chunk of body) {
        chunks.push(chunk);
        bytes += chunk.length;
        if (success && bytes > limit)
            return { text: '', bytes, tooLarge: true };
        if (!success && bytes >= limit)
            break;
    }
    return { text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), bytes, tooLarge: false };
}
/** Sends one request within its own limit and the step's deadline (the platform's and GitHub's alike); never throws. */
async function sendAttempt(dispatcher, origin, request, time, 
/** Called just before the request leaves (a debug line), never for one that does not. */
onSend) {
    const remaining = time.deadline - time.clock.now();
    if (remaining <= 0)
        return { sent: false };
    onSend?.();
    const budgetMs = Math.min(time.requestTimeoutMs, remaining);
    const timer = time.clock.deadline(budgetMs);
    let received;
    try {
        received = await sendRequest(dispatcher, origin, request, time.cut ? AbortSignal.any([timer.signal, time.cut]) : timer.signal);
    }
    finally {
        timer.clear();
    }
    let ended;
    if (!received.ok && timer.signal.aborted)
        ended = remaining < time.requestTimeoutMs ? 'deadline' : 'timeout';
    else if (!received.ok && time.cut?.aborted)
        ended = 'cut';
    return { sent: true, received, ended, budgetMs };
}
/**
 * Whether a request without a usable answer may have reached the server: anything but a
 * failure before a byte left (refused, unresolved, a connect timeout, a request that could not
 * be built). A write that may have is never taken for one that was not.
 */
function reachedServer(received) {
    if (received.status !== undefined)
        return true;
    const code = errorCode(received.cause) ?? '';
    return !NOT_SENT_CODES.has(code) && code !== INVALID_REQUEST_CODE;
}
/** Whether the request could not even be built: sending it again cannot help. */
function unsendable(received) {
    return errorCode(received.cause) === INVALID_REQUEST_CODE;
}
/** A header's value; the first, when it came more than once. */
function headerValue(value) {
    return Array.isArray(value) ? value[0] : value;
}
function decodeJson(text) {
    try {
        return { ok: true, value: JSON.parse(text) };
    }
    catch {
        return { ok: false };
    }
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/**
 * A short, single-line taste of a body that is not the JSON we expected (an HTML proxy page…):
 * its <title>, or its text without tags. Linear in the body's length, whatever the body holds.
 */
function excerptOf(text, contentType) {
    const kind = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(contentType.split(';')[0]?.trim() || 'no content type');
    const flat = (htmlTitle(text) ?? withoutTags(text)).replace(/\s+/g, ' ').trim();
    if (flat === '')
        return `(empty ${kind} body)`;
    return `(${kind}) ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quoted */ .TL)(flat, EXCERPT_LENGTH)}`;
}
function htmlTitle(text) {
    const lower = text.toLowerCase();
    const open = lower.indexOf('<title');
    if (open < 0)
        return undefined;
    const start = lower.indexOf('>', open);
    if (start < 0)
        return undefined;
    const end = lower.indexOf('<', start + 1);
    if (end < 0 || !lower.startsWith('</title', end))
        return undefined;
    return text.slice(start + 1, end);
}
/** Text outside `<…>`, each tag a space; stops collecting once there is enough for an excerpt. */
function withoutTags(text) {
    const lastClose = text.lastIndexOf('>');
    let out = '';
    let inTag = false;
    for (let i = 0; i < text.length && out.length <= EXCERPT_LENGTH * 4; i++) {
        const c = text[i];
        if (inTag) {
            if (c === '>')
                inTag = false;
        }
        else if (c === '<' && i < lastClose) {
            inTag = true;
            out += ' ';
        }
        else
            out += c;
    }
    return out;
}
/** The `code` of a failure undici reports (`UND_ERR_…`, `ECONNRESET`), on the error or its cause. */
function errorCode(cause) {
    if (!isRecord(cause))
        return undefined;
    if (typeof cause.code === 'string')
        return cause.code;
    return isRecord(cause.cause) && typeof cause.cause.code === 'string' ? cause.cause.code : undefined;
}
/** A query string for `query`, its undefined values left out: `?limit=400&cursor=…`, or ''. */
function queryString(query) {
    if (!query)
        return '';
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
        if (value !== undefined)
            params.set(name, String(value));
    const text = params.toString();
    return text ? `?${text}` : '';
}


/***/ }),

/***/ 5845:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $R: () => (/* binding */ readKeepPrevious),
/* harmony export */   SF: () => (/* binding */ DEFAULT_MAX_REVOKE),
/* harmony export */   eQ: () => (/* binding */ readExpiresIn),
/* harmony export */   rS: () => (/* binding */ readPruneSelection),
/* harmony export */   u$: () => (/* binding */ DEFAULT_KEEP_PREVIOUS),
/* harmony export */   yc: () => (/* binding */ checkRoomForExpiry)
/* harmony export */ });
/* harmony import */ var _api_ids_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7958);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _keys_expiry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8121);
/* harmony import */ var _values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8463);
/** The inputs of the key commands that are more than one value: expiry, pruning, keep-previous. */





/**
 * A job key (`revoke-after-job`) expires after 6 h unless `expires-in` says otherwise: GitHub's
 * default job timeout (`timeout-minutes: 360`), so a job key older than that belongs to a job the
 * runner has ended, and one its post step never revoked is found by the next prune-keys.
 */
const DEFAULT_JOB_KEY_EXPIRY = '6h';
const DEFAULT_MAX_REVOKE = 50;
/** The vendor advises fewer than 10,000 keys per account: no run needs to revoke more. */
const MAX_MAX_REVOKE = 10_000;
/** `expires-in`: 1 minute to 365 days. */
const EXPIRES_IN_RANGE = { min: '1m', max: '365d' };
/** `unused-for`: 1 hour to 3650 days. */
const UNUSED_FOR_RANGE = { min: '1h', max: '3650d' };
const DEFAULT_KEEP_PREVIOUS = 1;
const MAX_KEEP_PREVIOUS = 100;
/** `expires-in`, or for a job key the default. */
function readExpiresIn(read, revokeAfterJob) {
    const given = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readDuration */ .$7)(read, 'expires-in', EXPIRES_IN_RANGE);
    if (given !== undefined || !revokeAfterJob)
        return given;
    return (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseDuration */ .E9)(DEFAULT_JOB_KEY_EXPIRY);
}
/** The expiry goes at the end of the name, and the service takes at most 64 characters. */
function checkRoomForExpiry(keyName, byDefault) {
    const length = [...keyName].length;
    const room = _api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_KEY_NAME_LENGTH */ .ih - _keys_expiry_js__WEBPACK_IMPORTED_MODULE_2__/* .EXPIRY_SUFFIX_LENGTH */ .DA;
    if (length <= room)
        return;
    const why = byDefault
        ? `a \`revoke-after-job\` key expires after ${DEFAULT_JOB_KEY_EXPIRY} unless \`expires-in\` says otherwise, and`
        : 'with `expires-in`,';
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`key-name\` is ${length} characters long: ${why} create-key ends the name with the expiry ` +
        `(\`~exp-\` and the UTC time to the minute, ${_keys_expiry_js__WEBPACK_IMPORTED_MODULE_2__/* .EXPIRY_SUFFIX_LENGTH */ .DA} characters) within the platform's ${_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_KEY_NAME_LENGTH */ .ih}, ` +
        `so the name may be at most ${room} characters.`);
}
function readPruneSelection(read) {
    const keyNamePrefix = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readKeyName */ .x9)(read);
    const unusedForMs = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readDuration */ .$7)(read, 'unused-for', UNUSED_FOR_RANGE);
    return {
        orgId: (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readOrgId */ .cZ)(read),
        ...(keyNamePrefix === undefined ? {} : { keyNamePrefix }),
        ...(unusedForMs === undefined ? {} : { unusedForMs }),
        // Empty is what a typo in an expression gives: it must never revoke.
        dryRun: (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readBoolean */ .Vf)(read, 'dry-run', true),
        maxRevoke: readMaxRevoke(read),
    };
}
function readMaxRevoke(read) {
    const raw = read('max-revoke').trim();
    if (!raw)
        return DEFAULT_MAX_REVOKE;
    const value = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value <= MAX_MAX_REVOKE)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`max-revoke\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be a whole number from 1 to ${MAX_MAX_REVOKE} ` +
            `(default ${DEFAULT_MAX_REVOKE}). To revoke nothing, leave \`dry-run\` true.`);
    }
    return value;
}
function readKeepPrevious(read) {
    const raw = read('keep-previous').trim();
    if (!raw)
        return DEFAULT_KEEP_PREVIOUS;
    const value = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value <= MAX_KEEP_PREVIOUS)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`keep-previous\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be a whole number from 0 to ${MAX_KEEP_PREVIOUS}, how many of the replaced keys stay valid (default ${DEFAULT_KEEP_PREVIOUS}).`);
    }
    return value;
}


/***/ }),

/***/ 2151:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nd: () => (/* binding */ MAX_POLL_INTERVAL_SECONDS),
/* harmony export */   Ou: () => (/* binding */ DEFAULT_POLL_INTERVAL_SECONDS),
/* harmony export */   X4: () => (/* binding */ readListingSelection),
/* harmony export */   c1: () => (/* binding */ readOperationSelection),
/* harmony export */   vD: () => (/* binding */ MIN_POLL_INTERVAL_SECONDS),
/* harmony export */   y1: () => (/* binding */ DEFAULT_MAX_OPERATIONS)
/* harmony export */ });
/* unused harmony exports MAX_OPERATION_IDS, parseOperationIds */
/* harmony import */ var _api_ids_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7958);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _operations_status_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9986);
/* harmony import */ var _values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8463);
/**
 * The operations commands' inputs: wait-for-operations' (which operations to wait for, and how
 * often to look) and list-operations' (which projects, since when, which operations).
 */





const DEFAULT_POLL_INTERVAL_SECONDS = 5;
const MIN_POLL_INTERVAL_SECONDS = 1;
const MAX_POLL_INTERVAL_SECONDS = 3600;
/** The most operations one wait-for-operations step waits on (see the waiter's request budget). */
const MAX_OPERATION_IDS = 1000;
/** `operation-ids: pending`: wait until no operation of the project (or of `branch-id`) is pending. */
const PENDING = 'pending';
/**
 * `operation-ids` and `branch-id`. Empty is an error, never a choice: it is what a mistyped
 * expression gives (`${{ steps.brnach.outputs.operations }}`), and a gate must not pass on a
 * typo. `[]` says "nothing to wait for"; `pending` says "whatever is pending".
 */
function readOperationSelection(read) {
    const raw = read('operation-ids').trim();
    const branchId = read('branch-id').trim() || undefined;
    if (!raw) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `operation-ids` is empty. Say what to wait for: the operation ids (or the `operations` array of the response ' +
            'that started them; `[]` when there is nothing to wait for), or the word `pending` to wait until the project ' +
            '(or `branch-id`) has no pending operation. An empty value is also what a mistyped expression gives, so it is never taken as either.');
    }
    if (raw.toLowerCase() === PENDING) {
        if (branchId !== undefined && !_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .PLATFORM_ID */ .Ag.test(branchId)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`branch-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(branchId, 80)}: it must be 1 to 60 lower-case letters, digits or hyphens (e.g. br-wispy-meadow-a5kd0r2p).`);
        }
        return { kind: 'pending', branchId };
    }
    if (branchId !== undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `branch-id` only applies to `operation-ids: pending`: the operations named in `operation-ids` are waited for whatever ' +
            'their branch. Remove `branch-id`, or set `operation-ids: pending` to wait for every pending operation of that branch.');
    }
    return { kind: 'ids', ids: parseOperationIds(raw) };
}
/**
 * Operation ids: separated by commas, spaces or new lines; or a JSON array of ids; or a JSON
 * array of operation records, exactly as a mutating response's `operations` array comes. `[]`
 * gives no ids. At most MAX_OPERATION_IDS different ids.
 */
function parseOperationIds(raw) {
    const text = raw.trim();
    const items = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .jsonArrayItems */ .Ur)(text, 'operation-ids', 'pass a JSON array of ids or of operation records, or ids separated by commas.');
    const candidates = items === undefined
        ? text.split(/[\s,]+/).filter(Boolean)
        : items.map((item, i) => {
            if (typeof item === 'string')
                return item.trim();
            if (typeof item === 'object' && item !== null && typeof item.id === 'string') {
                return item.id.trim();
            }
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`operation-ids\`: item ${i + 1} of the JSON array is neither an id nor an operation record with an "id".`);
        });
    const ids = new Set();
    for (const id of candidates) {
        if (!_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .OPERATION_ID */ ._T.test(id)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`operation-ids\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(id, 80)}, which is not an operation id (a UUID).`);
        }
        ids.add(id.toLowerCase());
    }
    if (ids.size > MAX_OPERATION_IDS) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`operation-ids\` holds ${ids.size} different ids: one step waits for at most ${MAX_OPERATION_IDS}. ` +
            'Split them over several steps, or use `operation-ids: pending` to wait until nothing is pending.');
    }
    return [...ids];
}
/** list-operations: `max-operations` of each project by default, and at most. */
const DEFAULT_MAX_OPERATIONS = 1000;
const MAX_MAX_OPERATIONS = 100_000;
/** `project-ids: all`: every project of the organization. */
const ALL_PROJECTS = 'all';
/** `since` as a span: 1 minute to 3650 days, the units of `unused-for`. */
const SINCE_RANGE = { min: '1m', max: '3650d' };
/** An action as the service names them (open: the service has more than the spec lists): `start_compute`. */
const ACTION = /^[A-Za-z0-9_.-]{1,64}$/;
/** An ISO 8601 date, or date and time with a zone: 2026-11-20, 2026-11-20T06:00Z, 2026-11-20T06:00:00.5+01:00. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
/** list-operations' inputs: which projects, since when, how many, which statuses and actions, and what fails the step. */
function readListingSelection(read) {
    const statuses = readStatuses(read, 'operation-statuses');
    const actions = readActions(read);
    const failOnStatus = readStatuses(read, 'fail-on-status');
    const since = readSince(read);
    return {
        projects: readProjectScope(read),
        ...(since === undefined ? {} : { since }),
        maxOperations: readMaxOperations(read),
        ...(statuses === undefined ? {} : { statuses }),
        ...(actions === undefined ? {} : { actions }),
        ...(failOnStatus === undefined ? {} : { failOnStatus }),
    };
}
/**
 * `project-id`, or `project-ids` (a list, or `all`), never both and never neither: an empty
 * value is what a mistyped expression gives. `branch-id` only with one project; `org-id` only
 * with `all`, the one case that needs an organization.
 */
function readProjectScope(read) {
    const projectId = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readOptionalProjectId */ .Le)(read);
    const rawIds = read('project-ids').trim();
    const branchId = read('branch-id').trim() || undefined;
    const orgId = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .readOrgId */ .cZ)(read);
    if (projectId !== undefined && rawIds) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Inputs `project-id` and `project-ids` were both given to list-operations: give one, `project-id` for one project or `project-ids` for a list (or `all`).');
    }
    if (projectId === undefined && !rawIds) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('list-operations needs `project-id` (one project) or `project-ids`: a JSON array of project ids (as the `project-ids` output of ' +
            'list-projects gives it), one id a line, or the word `all` for every project of the organization. Neither was given; an empty ' +
            'value is also what a mistyped expression gives, so it is never taken as either.');
    }
    if (branchId !== undefined && projectId === undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `branch-id` applies to one project: set `project-id` to the project of that branch, in place of `project-ids`.');
    }
    if (branchId !== undefined && !_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .PLATFORM_ID */ .Ag.test(branchId)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`branch-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(branchId, 80)}: it must be 1 to 60 lower-case letters, digits or hyphens (e.g. br-wispy-meadow-a5kd0r2p).`);
    }
    const all = rawIds.toLowerCase() === ALL_PROJECTS;
    if (orgId !== undefined && !all) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `org-id` chooses the organization of `project-ids: all`; with `project-id` or a list of project ids it has no effect: remove it, or set `project-ids: all` to list every project of that organization.');
    }
    if (projectId !== undefined)
        return { kind: 'one', projectId, ...(branchId === undefined ? {} : { branchId }) };
    if (all)
        return { kind: 'all', ...(orgId === undefined ? {} : { orgId }) };
    const ids = [];
    for (const id of (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .listEntries */ .fi)(rawIds, 'project-ids')) {
        if (!_api_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .PLATFORM_ID */ .Ag.test(id)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`project-ids\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(id, 80)}, which is not a project id (1 to 60 lower-case letters, digits or hyphens): ` +
                'pass a JSON array of ids, one id a line, or `all`.');
        }
        if (!ids.includes(id))
            ids.push(id);
    }
    return { kind: 'list', projectIds: ids };
}
/** `since`: a span back from now (`30m`, `24h`, `7d`, `2w`), or an ISO 8601 time with its zone (a date alone is its midnight UTC). */
function readSince(read) {
    const text = read('since').trim();
    if (!text)
        return undefined;
    const span = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseDuration */ .E9)(text);
    if (span !== undefined) {
        if (span < (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseDuration */ .E9)(SINCE_RANGE.min) || span > (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseDuration */ .E9)(SINCE_RANGE.max))
            throw sinceError(text);
        return { kind: 'ago', ms: span, text };
    }
    const match = ISO_TIME.exec(text);
    if (!match)
        throw sinceError(text);
    const [, year, month, day, hour, minute, second, zone] = match;
    if (hour !== undefined && zone === undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`since\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(text, 80)}, a time without a zone: end it with Z for UTC (e.g. ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}Z`)}).`);
    }
    const ms = Date.parse(hour === undefined ? `${text}T00:00:00Z` : text);
    // Date.parse takes 2026-02-30 for 2 March: a day the month does not have is a mistake.
    const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (Number.isNaN(ms) || calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day))
        throw sinceError(text);
    return { kind: 'at', ms, text };
}
function sinceError(text) {
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`since\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(text, 80)}: it must be a span back from now, a whole number and a unit (m, h, d or w, from ` +
        `${SINCE_RANGE.min} to ${SINCE_RANGE.max}, e.g. 24h or 7d), or an ISO 8601 time in UTC (e.g. 2026-11-20T06:00:00Z, or 2026-11-20 for its midnight).`);
}
function readMaxOperations(read) {
    const raw = read('max-operations').trim();
    if (!raw)
        return DEFAULT_MAX_OPERATIONS;
    const value = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value <= MAX_MAX_OPERATIONS)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`max-operations\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be a whole number from 1 to ${MAX_MAX_OPERATIONS}, ` +
            `the most operations listed of each project, the newest (default ${DEFAULT_MAX_OPERATIONS}).`);
    }
    return value;
}
/** Statuses, any of the service's 8: separated by commas, spaces or new lines, or a JSON array. */
function readStatuses(read, input) {
    const raw = read(input).trim();
    if (!raw)
        return undefined;
    const statuses = [];
    for (const word of listWords(raw, input)) {
        const status = word.toLowerCase();
        if (!_operations_status_js__WEBPACK_IMPORTED_MODULE_2__/* .OPERATION_STATUSES */ .xQ.includes(status)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(word, 80)}, which is not an operation status: use ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(_operations_status_js__WEBPACK_IMPORTED_MODULE_2__/* .OPERATION_STATUSES */ .xQ.join(', '))}.`);
        }
        if (!statuses.includes(status))
            statuses.push(status);
    }
    return statuses;
}
/** Actions (`start_compute`, `apply_config`…): open, as the service has more than the spec lists. */
function readActions(read) {
    const raw = read('operation-actions').trim();
    if (!raw)
        return undefined;
    const actions = [];
    for (const action of listWords(raw, 'operation-actions')) {
        if (!ACTION.test(action)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`operation-actions\` holds ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(action, 80)}, which is not an action: letters, digits and _ . - (e.g. start_compute, apply_config).`);
        }
        if (!actions.includes(action))
            actions.push(action);
    }
    return actions;
}
/** Words separated by commas, spaces or new lines, or the strings of a JSON array; at least one. */
function listWords(raw, input) {
    const items = (0,_values_js__WEBPACK_IMPORTED_MODULE_3__/* .jsonArrayItems */ .Ur)(raw, input, 'pass a JSON array of strings, or words separated by commas.');
    const words = items === undefined
        ? raw.split(/[\s,]+/).filter(Boolean)
        : items.map((item, i) => {
            if (typeof item !== 'string' || item.trim() === '') {
                throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\`: item ${i + 1} of the JSON array is not a word.`);
            }
            return item.trim();
        });
    // `[]` names nothing, and would keep nothing: what an expression that came out empty can give.
    if (words.length === 0)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` is an empty list: name at least one, or leave it out.`);
    return words;
}


/***/ }),

/***/ 9695:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   bB: () => (/* binding */ readApiHost),
/* harmony export */   m4: () => (/* binding */ DEFAULT_API_HOST),
/* harmony export */   p5: () => (/* binding */ readGitHubApiUrl)
/* harmony export */ });
/* unused harmony export isLoopback */
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/**
 * The URLs a credential is sent to: `api-host` (the API key) and GITHUB_API_URL (the GitHub
 * token). https anywhere; plain http only to this machine, where nothing crosses a network; no
 * credentials, query or fragment in them.
 */


const DEFAULT_API_HOST = 'https://console.neon.tech/api/v2';
/** How an error names each URL a credential is sent to, and what would cross the network with it. */
const SERVICE_URLS = {
    'api-host': {
        named: 'Input `api-host`',
        refuse: (message) => new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(message),
        notUrl: `Use e.g. ${DEFAULT_API_HOST}.`,
        credentials: 'pass the key in `api-key`',
        sent: 'the API key',
    },
    GITHUB_API_URL: {
        named: 'GITHUB_API_URL',
        refuse: (message) => new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RunnerVariableError */ .tB(message),
        notUrl: "It names GitHub's REST API: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server.",
        credentials: 'the token goes in `github-token`',
        sent: 'the GitHub token',
    },
};
/** https anywhere; plain http only to this machine, where nothing crosses a network. */
function readApiHost(raw) {
    return readServiceUrl(raw.trim() || DEFAULT_API_HOST, SERVICE_URLS['api-host']);
}
/** GITHUB_API_URL, when a secret is written: undefined when unset (GitHub's own), checked as `api-host` is. */
function readGitHubApiUrl(raw) {
    const value = raw?.trim();
    return value ? readServiceUrl(value, SERVICE_URLS.GITHUB_API_URL) : undefined;
}
/** A URL a credential is sent to, without a trailing slash. */
function readServiceUrl(value, rules) {
    let url;
    try {
        url = new URL(value);
    }
    catch {
        throw rules.refuse(`${rules.named} is not a URL: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(value)}. ${rules.notUrl}`);
    }
    if (url.username || url.password) {
        throw rules.refuse(`${rules.named} must not carry credentials: ${rules.credentials}.`);
    }
    if (url.search || url.hash)
        throw rules.refuse(`${rules.named} must not have a query or a fragment.`);
    if (url.protocol === 'http:') {
        if (!isLoopback(url.hostname)) {
            throw rules.refuse(`${rules.named} uses plain http to ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(url.hostname)}: ${rules.sent} would cross the network unencrypted. ` +
                'Use https (plain http is accepted only for 127.0.0.0/8, ::1 and localhost).');
        }
    }
    else if (url.protocol !== 'https:') {
        throw rules.refuse(`${rules.named} must be an https URL, not ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(url.protocol.replace(/:$/, ''))}.`);
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
function isLoopback(hostname) {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (host === 'localhost' || host === '::1')
        return true;
    const parts = host.split('.');
    return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}


/***/ }),

/***/ 8463:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $7: () => (/* binding */ readDuration),
/* harmony export */   E9: () => (/* binding */ parseDuration),
/* harmony export */   Le: () => (/* binding */ readOptionalProjectId),
/* harmony export */   UW: () => (/* binding */ readSeconds),
/* harmony export */   Ur: () => (/* binding */ jsonArrayItems),
/* harmony export */   Vf: () => (/* binding */ readBoolean),
/* harmony export */   bS: () => (/* binding */ readProjectId),
/* harmony export */   cZ: () => (/* binding */ readOrgId),
/* harmony export */   fi: () => (/* binding */ listEntries),
/* harmony export */   j7: () => (/* binding */ readSearch),
/* harmony export */   jN: () => (/* binding */ readKeyId),
/* harmony export */   oN: () => (/* binding */ requireInput),
/* harmony export */   x9: () => (/* binding */ readKeyName)
/* harmony export */ });
/* harmony import */ var _api_ids_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7958);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/**
 * Readers of single input values, shared by every command: each reads one input, and throws an
 * InputError that names it when its value cannot be used. An empty value is never a permissive
 * choice: it is what a mistyped expression gives.
 */



const MAX_SEARCH_LENGTH = 256;
function readSeconds(read, input, fallback, minimum, maximum) {
    const raw = read(input).trim();
    if (!raw)
        return fallback;
    const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    const rule = minimum > 0 ? `a number of seconds from ${minimum} to ${maximum}` : `a positive number of seconds, at most ${maximum}`;
    if (!Number.isFinite(value) || value < minimum || value <= 0 || value > maximum) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw)}: it must be ${rule} (default ${fallback}).`);
    }
    return value;
}
function readKeyName(read) {
    const value = read('key-name').trim();
    if (!value)
        return undefined;
    const length = [...value].length;
    if (length > _api_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_KEY_NAME_LENGTH */ .ih) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`key-name\` is ${length} characters long: it must be 1 to ${_api_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_KEY_NAME_LENGTH */ .ih} characters.`);
    }
    if ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .hasControlCharacters */ .Kg)(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `key-name` must be a single line without control characters.');
    }
    return value;
}
function readKeyId(read) {
    const raw = read('key-id').trim();
    if (!raw)
        return undefined;
    const value = /^[1-9]\d*$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`key-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw)}: it must be a positive integer, the id of an API key (see list-keys).`);
    }
    return value;
}
/** `project-id`, which the command needs: `message` says what for, when it is empty. */
function readProjectId(read, message) {
    const value = readOptionalProjectId(read);
    if (!value)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(message);
    return value;
}
function readOptionalProjectId(read) {
    const value = read('project-id').trim();
    if (!value)
        return undefined;
    if (!_api_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .PLATFORM_ID */ .Ag.test(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`project-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(value)}: it must be 1 to 60 lower-case letters, digits or hyphens.`);
    }
    return value;
}
function readOrgId(read) {
    const value = read('org-id').trim();
    if (!value)
        return undefined;
    if (!_api_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .PLATFORM_ID */ .Ag.test(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`org-id\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(value, 80)}: it must be an organization id, 1 to 60 lower-case letters, digits or hyphens (e.g. org-quiet-river-12345678).`);
    }
    return value;
}
/** Part of a project name or id; the service matches it. One line, bounded. */
function readSearch(read) {
    const value = read('search').trim();
    if (!value)
        return undefined;
    const length = [...value].length;
    if (length > MAX_SEARCH_LENGTH) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`search\` is ${length} characters long: it must be 1 to ${MAX_SEARCH_LENGTH} characters.`);
    }
    if ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .hasControlCharacters */ .Kg)(value))
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('Input `search` must be one line without control characters.');
    return value;
}
/** `fallback` when empty: what an unset input and an expression that came out empty both give. */
function readBoolean(read, input, fallback = false) {
    const raw = read(input).trim();
    if (!raw)
        return fallback;
    if (/^(false|False|FALSE)$/.test(raw))
        return false;
    if (/^(true|True|TRUE)$/.test(raw))
        return true;
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw)}: it must be true or false.`);
}
/** Milliseconds per unit of a duration input. */
const DURATION_UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
/** `90m`, `2h`, `7d`, `2w` in ms; undefined for anything else. */
function parseDuration(text) {
    const match = /^(\d{1,7})([mhdw])$/.exec(text);
    if (!match)
        return undefined;
    return Number(match[1]) * DURATION_UNITS[match[2]];
}
/** A duration input, within its range; undefined when empty. */
function readDuration(read, input, range) {
    const raw = read(input).trim();
    if (!raw)
        return undefined;
    const ms = parseDuration(raw);
    if (ms === undefined || ms < parseDuration(range.min) || ms > parseDuration(range.max)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` is ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(raw, 80)}: it must be a whole number and a unit, ` +
            `m (minutes), h (hours), d (days) or w (weeks), from ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(range.min)} to ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(range.max)}, e.g. 2h or 7d.`);
    }
    return ms;
}
function requireInput(value, message) {
    if (value === undefined)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(message);
    return value;
}
/**
 * The entries of a list input: a JSON array of strings (what `${{ toJSON(...) }}` gives), or one
 * entry a line, as a YAML list too (`- ` and quotes taken off, blank lines and `#` comments left out).
 */
function listEntries(raw, input) {
    const text = raw.trim();
    const items = jsonArrayItems(text, input, 'pass a JSON array of strings, or one entry a line.');
    if (items === undefined) {
        return text
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line !== '' && !line.startsWith('#'))
            .map((line) => line.replace(/^-\s+/, '').trim())
            .map((line) => (/^(["'])(.*)\1$/.exec(line)?.[2] ?? line).trim());
    }
    return items.map((item, i) => {
        if (typeof item !== 'string')
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\`: item ${i + 1} of the JSON array is not a string.`);
        // An empty item is what an expression that came out empty gives: never skipped as a blank line is.
        if (item.trim() === '')
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\`: item ${i + 1} of the JSON array is empty.`);
        return item.trim();
    });
}
/** The items of a list input written as a JSON array; undefined when it does not start with `[`. */
function jsonArrayItems(text, input, hint) {
    if (!text.startsWith('['))
        return undefined;
    try {
        // JSON that starts with "[" is an array.
        return JSON.parse(text);
    }
    catch {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input \`${input}\` starts with "[" but is not valid JSON: ${hint}`);
    }
}


/***/ }),

/***/ 8121:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DA: () => (/* binding */ EXPIRY_SUFFIX_LENGTH),
/* harmony export */   MC: () => (/* binding */ withExpiry),
/* harmony export */   p1: () => (/* binding */ expiryOf)
/* harmony export */ });
/* unused harmony export expirySuffix */
/**
 * Expiry written into a key's name. The platform's keys never expire and carry no field for it,
 * so create-key ends the name with one fixed form that prune-keys reads back:
 *
 *     <name>~exp-YYYYMMDDTHHMMZ        e.g. deploy-42~exp-20261122T1400Z
 *
 * UTC, to the minute, rounded up (a key never expires before the time asked for). The form is
 * 19 characters, so the name before it may be at most 45 of the service's 64. A name is read
 * as expiring only when it ends with exactly this form, with a real date and time, after at
 * least one character: `~` is rare in names people give, and a near miss does not count.
 */
/** What comes between the name and the time. */
const EXPIRY_MARK = '~exp-';
/** `~exp-` and `YYYYMMDDTHHMMZ`. */
const EXPIRY_SUFFIX_LENGTH = EXPIRY_MARK.length + 14;
const MINUTE_MS = 60_000;
/** The form's last year: four digits. */
const LAST_YEAR = 9999;
// Stryker disable next-line Regex: equivalent; expiryOf() checks again that the form ends the name, by its round trip
const SUFFIX = /^([\s\S]+)~exp-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/;
/** `name` ending with the expiry `expiresAt` (ms since the epoch), rounded up to the minute. */
function withExpiry(name, expiresAt) {
    return `${name}${expirySuffix(expiresAt)}`;
}
/** `~exp-YYYYMMDDTHHMMZ` for `expiresAt`, rounded up to the minute. */
function expirySuffix(expiresAt) {
    const minute = new Date(Math.ceil(expiresAt / MINUTE_MS) * MINUTE_MS);
    if (!Number.isFinite(minute.getTime()) || minute.getUTCFullYear() > LAST_YEAR || minute.getUTCFullYear() < 1970) {
        throw new RangeError(`an expiry must fall between 1970 and ${LAST_YEAR}`);
    }
    const iso = minute.toISOString(); // YYYY-MM-DDTHH:MM:00.000Z
    return `${EXPIRY_MARK}${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
}
/**
 * The expiry a name carries (ms since the epoch), or undefined when it does not end with the
 * form, or the form names no real time (month 13, 25:00, February 30).
 */
function expiryOf(name) {
    const match = SUFFIX.exec(name);
    if (!match)
        return undefined;
    const [year, month, day, hour, minute] = match.slice(2).map(Number);
    const at = Date.UTC(year, month - 1, day, hour, minute);
    // Date.UTC rolls over (month 13 is January); a real time writes back as it was read.
    if (Number.isNaN(at) || year < 1970 || expirySuffix(at) !== name.slice(-EXPIRY_SUFFIX_LENGTH))
        return undefined;
    return at;
}


/***/ }),

/***/ 9986:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hd: () => (/* binding */ isTerminal),
/* harmony export */   aN: () => (/* binding */ consoleWord),
/* harmony export */   cf: () => (/* binding */ durationOf),
/* harmony export */   ih: () => (/* binding */ isKnownStatus),
/* harmony export */   u9: () => (/* binding */ statusGroup),
/* harmony export */   xQ: () => (/* binding */ OPERATION_STATUSES)
/* harmony export */ });
// A Map, not an object literal: a status such as "constructor" must not look known.
const GROUPS = new Map([
    ['scheduling', 'pending'],
    ['running', 'pending'],
    ['cancelling', 'pending'],
    ['finished', 'success'],
    ['skipped', 'success'],
    ['failed', 'failure'],
    ['error', 'failure'],
    ['cancelled', 'failure'],
]);
/** The service's 8 statuses: pending ones first, then the successful, then the unsuccessful. */
const OPERATION_STATUSES = [...GROUPS.keys()];
// The console's Monitoring page says OK, Scheduling, In progress and Error; the other four in plain words.
const CONSOLE_WORDS = new Map([
    ['scheduling', 'Scheduling'],
    ['running', 'In progress'],
    ['cancelling', 'Cancelling'],
    ['finished', 'OK'],
    ['skipped', 'Skipped'],
    ['failed', 'Error'],
    ['error', 'Error'],
    ['cancelled', 'Cancelled'],
]);
/** A status in the console's words; undefined for a status the action does not know. */
function consoleWord(status) {
    return CONSOLE_WORDS.get(status);
}
/** A status the action does not know is not success: it counts as pending. */
function statusGroup(status) {
    return GROUPS.get(status) ?? 'pending';
}
function isKnownStatus(status) {
    return GROUPS.has(status);
}
function isTerminal(status) {
    return statusGroup(status) !== 'pending';
}
/** How long an operation took (or has taken so far): the service's `total_duration_ms`, or updated − created. */
function durationOf(operation) {
    if (typeof operation.total_duration_ms === 'number')
        return operation.total_duration_ms;
    const ms = Date.parse(operation.updated_at) - Date.parse(operation.created_at);
    return Number.isNaN(ms) ? 0 : ms;
}


/***/ }),

/***/ 1953:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ errorCodeOf),
/* harmony export */   O: () => (/* binding */ requestFailureOutputs)
/* harmony export */ });
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);

/** What `error-code` may hold: a short token, never text a server could make look like anything else. */
const ERROR_CODE = /^[A-Za-z0-9_.-]{1,64}$/;
/**
 * `http-status`, `error-code` and `request-id` of a request that failed, so a later step can
 * branch on the reason. `error-code` is the service's own `code`, never one the action made up,
 * and only when it is a short token: any other text is in the log only, made safe there.
 */
function requestFailureOutputs(error) {
    const outputs = {};
    if (error.requestId !== undefined)
        outputs['request-id'] = error.requestId;
    if (error.status !== undefined)
        outputs['http-status'] = String(error.status);
    const code = errorCodeOf(error);
    if (code !== undefined)
        outputs['error-code'] = code;
    return outputs;
}
/** The service's `code` as the `error-code` output and the summary show it: a short token that is none of the step's secrets. */
function errorCodeOf(error) {
    const { code } = error;
    return error.kind === 'http' && code !== undefined && ERROR_CODE.test(code) && (0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .redactSecrets */ .fp)(code) === code ? code : undefined;
}


/***/ }),

/***/ 1070:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FY: () => (/* binding */ paragraph),
/* harmony export */   R_: () => (/* binding */ heading),
/* harmony export */   Yq: () => (/* binding */ formatDate),
/* harmony export */   c_: () => (/* binding */ tableOf),
/* harmony export */   tp: () => (/* binding */ table)
/* harmony export */ });
/* unused harmony exports MAX_ROWS, TABLE_BUDGET */
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
/**
 * Job-summary HTML. The summary is Markdown with HTML allowed, and a blank line ends an HTML
 * block: after it, text renders as Markdown (headings, links, images). So every piece of text
 * is escaped and kept on one line (control characters shown as escapes), and bounded; names
 * come from the platform. Key values never reach this module.
 */

/** Longest table cell, in characters. */
const MAX_CELL_LENGTH = 200;
/** Longest heading or paragraph, in characters. */
const MAX_TEXT_LENGTH = 4000;
/** Rows a table shows at most. */
const MAX_ROWS = 200;
/** A table stops adding rows past this many characters: the runner drops a summary over 1 MiB. */
const TABLE_BUDGET = 512 * 1024;
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
/** Text for HTML: on one line, bounded, escaped. */
function htmlText(text, max) {
    return escapeHtml((0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(text, max));
}
function heading(text, level = 3) {
    return `<h${level}>${htmlText(text, MAX_TEXT_LENGTH)}</h${level}>\n`;
}
/**
 * A paragraph of text, with `{ code }` parts (an output's name) in monospace. Inside an HTML block
 * Markdown is not read, so the `quoted` parts of a sentence (input and output names) are made
 * monospace here, as the log shows them.
 */
function paragraph(...parts) {
    const html = parts
        .flatMap((part) => (typeof part === 'string' ? withCode(part) : [part]))
        .map((part) => (typeof part === 'string' ? htmlText(part, MAX_TEXT_LENGTH) : renderCell(part)))
        .join('');
    return `<p>${html}</p>\n`;
}
/** Text with its `quoted` parts as code parts; as it is when its backticks do not pair up. */
function withCode(text) {
    const parts = text.split('`');
    if (parts.length % 2 === 0)
        return [text];
    return parts.flatMap((part, i) => (i % 2 === 1 ? [{ code: part }] : part === '' ? [] : [part]));
}
/** A table of rows already made; see tableOf. */
function table(headers, rows, maxRows = MAX_ROWS) {
    return tableOf(headers, rows, (row) => row, { maxRows });
}
/**
 * A table of `records`, each made into a row by `toRow` only when it is shown: at most
 * `maxRows` rows and about TABLE_BUDGET characters, then a line saying how many were left out
 * and where they all are (`rest`). `total`: how many records the table stands for, when
 * `records` are only the first of them.
 */
function tableOf(headers, records, toRow, options = {}) {
    const maxRows = options.maxRows ?? MAX_ROWS;
    const lines = [`<tr>${headers.map((h) => `<th>${htmlText(h, MAX_CELL_LENGTH)}</th>`).join('')}</tr>`];
    let size = 0;
    let shown = 0;
    for (const record of records) {
        if (shown >= maxRows || size >= TABLE_BUDGET)
            break;
        const line = `<tr>${toRow(record)
            .map((cell) => `<td>${renderCell(cell)}</td>`)
            .join('')}</tr>`;
        lines.push(line);
        size += line.length;
        shown++;
    }
    const left = Math.max(records.length, options.total ?? 0) - shown;
    const more = left > 0 ? paragraph(`…and ${left} more (all of them are in ${options.rest ?? "the step's outputs"}).`) : '';
    return `<table>\n${lines.join('\n')}\n</table>\n${more}`;
}
function renderCell(cell) {
    if (cell === null || cell === undefined || cell === '')
        return '—';
    if (typeof cell === 'object')
        return `<code>${htmlText(cell.code, MAX_CELL_LENGTH)}</code>`;
    return htmlText(String(cell), MAX_CELL_LENGTH);
}
/** "2026-11-21 10:00 UTC" from an ISO timestamp; the raw text when it is not one. */
function formatDate(iso) {
    if (!iso)
        return '';
    const ms = Date.parse(iso);
    if (Number.isNaN(ms))
        return iso;
    return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}


/***/ }),

/***/ 4916:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  commandFailureNote: () => (/* binding */ commandFailureNote),
  coreLogger: () => (/* binding */ coreLogger),
  fail: () => (/* binding */ fail),
  failStep: () => (/* binding */ failStep),
  failureSummary: () => (/* binding */ failureSummary),
  maskSecret: () => (/* binding */ maskSecret),
  openClient: () => (/* binding */ openClient),
  readStepSettings: () => (/* binding */ readStepSettings),
  writeSummary: () => (/* binding */ writeSummary)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(6421);
// EXTERNAL MODULE: ./src/api/client.ts
var client = __webpack_require__(7085);
// EXTERNAL MODULE: ./src/http/proxy-variables.ts
var proxy_variables = __webpack_require__(7788);
// EXTERNAL MODULE: ./src/http/transport.ts
var transport = __webpack_require__(1517);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(8995);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
;// CONCATENATED MODULE: ./src/base/source-location.ts
/**
 * Where in src/ an unexpected error comes from, for the one line a step fails with. Run from
 * src/ (tests, local runners), a stack frame names its .ts file itself. Run from dist/, every
 * file has a source map beside it (scripts/bundle.ts) that maps each of its lines to a line of
 * src/ or of a bundled package (`…/node_modules/…`), which is never the action's own code. The
 * map is read here, after the failure, so start-up never pays for it.
 */



/** `… (file:///…/dist/90.index.js:1:38965)` or `at file:///…:1:234`: the place a frame ran. */
const FRAME = /\(?([^\s()]+):(\d+):(\d+)\)?$/;
/** A path or map source inside src/ (the last `src/` of the path: the checkout may sit under another). */
const OWN = /^(?:.*\/)?src\/(.+)$/;
const maps = new Map();
/** `src/main.ts:27:5`: the first frame of the error's stack that is the action's own code. */
function sourceLocationOf(error) {
    if (!(error instanceof Error) || typeof error.stack !== 'string')
        return undefined;
    for (const line of error.stack.split('\n').slice(1)) {
        const location = frameLocation(line);
        if (location)
            return location;
    }
    return undefined;
}
/** The src/ location of one stack line, if it is the action's own code. */
function frameLocation(stackLine) {
    const frame = FRAME.exec(stackLine.trim());
    if (!frame)
        return undefined;
    const [, where, line, column] = frame;
    let path;
    try {
        path = where.startsWith('file:') ? (0,external_node_url_.fileURLToPath)(where) : where;
    }
    catch {
        return undefined;
    }
    // Windows paths too: C:\a\src\main.ts reads as C:/a/src/main.ts.
    const file = path.replace(/\\/g, '/');
    if (file.includes('/node_modules/'))
        return undefined;
    const own = OWN.exec(file);
    if (own && /\.[cm]?ts$/.test(file))
        return `src/${own[1]}:${line}:${column}`;
    if (!file.endsWith('.js'))
        return undefined;
    const entry = mapOf(path)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry))
        return undefined;
    // A package's own src/ folder is not the action's.
    if (/(^|\/)node_modules\//.test(entry.originalSource))
        return undefined;
    const source = OWN.exec(entry.originalSource);
    return source ? `src/${source[1]}:${entry.originalLine + 1}:${entry.originalColumn + 1}` : undefined;
}
function mapOf(file) {
    if (!maps.has(file)) {
        let map;
        try {
            map = new external_node_module_.SourceMap(JSON.parse((0,external_node_fs_.readFileSync)(`${file}.map`, 'utf8')));
        }
        catch {
            map = undefined;
        }
        maps.set(file, map);
    }
    return maps.get(file);
}

// EXTERNAL MODULE: ./src/http/errors.ts
var http_errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/runner/summary.ts
var summary = __webpack_require__(1070);
// EXTERNAL MODULE: ./src/runner/context.ts
var context = __webpack_require__(1953);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/commands/registry.ts + 2 modules
var registry = __webpack_require__(8708);
// EXTERNAL MODULE: ./src/inputs/urls.ts
var urls = __webpack_require__(9695);
// EXTERNAL MODULE: ./src/inputs/operations.ts
var operations = __webpack_require__(2151);
// EXTERNAL MODULE: ./src/inputs/keys.ts
var keys = __webpack_require__(5845);
;// CONCATENATED MODULE: ./src/inputs/common.ts
/** The inputs every command reads: the command, the API key, where the platform is, the step's timeout. */



const DEFAULT_TIMEOUT_SECONDS = 600;
/** Five days: the longest a job may run on a self-hosted runner. */
const MAX_TIMEOUT_SECONDS = 432_000;
/** The inputs every command reads. */
const COMMON_INPUTS = ['command', 'api-key', 'api-host', 'timeout'];
/** action.yml's defaults: the runner passes them for every step, so an input holding its default says nothing. */
const INPUT_DEFAULTS = {
    'api-host': urls/* DEFAULT_API_HOST */.m4,
    'poll-interval': String(operations/* DEFAULT_POLL_INTERVAL_SECONDS */.Ou),
    timeout: String(DEFAULT_TIMEOUT_SECONDS),
    'revoke-after-job': 'false',
    'dry-run': 'true',
    'max-revoke': String(keys/* DEFAULT_MAX_REVOKE */.SF),
    'keep-previous': String(keys/* DEFAULT_KEEP_PREVIOUS */.u$),
    'max-operations': String(operations/* DEFAULT_MAX_OPERATIONS */.y1),
};

// EXTERNAL MODULE: ./src/inputs/values.ts
var values = __webpack_require__(8463);
;// CONCATENATED MODULE: ./src/settings.ts






/**
 * @param mask called with every secret input (the API key, the GitHub token) before any other
 *             input is read, so nothing printed afterwards can show them.
 * @param runner what the runner sets besides inputs (GITHUB_REPOSITORY, GITHUB_API_URL), checked here too: a
 *             rotation that cannot store its key must fail before it creates one.
 * @param warn hears of inputs the command does not read.
 */
function readSettings(read, mask, runner = {}, warn = () => undefined) {
    const apiKey = read('api-key').trim();
    if (apiKey)
        mask(apiKey);
    const githubToken = read('github-token').trim();
    if (githubToken)
        mask(githubToken);
    const command = readCommand(read);
    if (!apiKey)
        throw new errors/* InputError */.dz('Input `api-key` is required: pass the platform API key from a secret, e.g. `api-key: ${{ secrets.NEON_API_KEY }}`.');
    if (!(0,base_text/* isPrintableToken */.NC)(apiKey)) {
        throw new errors/* InputError */.dz('Input `api-key` must be a single token of printable ASCII characters, without spaces or line breaks.');
    }
    const common = {
        apiKey,
        apiHost: (0,urls/* readApiHost */.bB)(read('api-host')),
        timeoutMs: (0,values/* readSeconds */.UW)(read, 'timeout', DEFAULT_TIMEOUT_SECONDS, 0, MAX_TIMEOUT_SECONDS) * 1000,
    };
    const own = registry/* COMMANDS */.L[command].settings(read, runner);
    checkUnreadInputs(read, command, warn);
    return { ...common, command, ...own };
}
/** Every input a command reads, the common ones included. */
function inputsRead(command) {
    return [...COMMON_INPUTS, ...registry/* COMMANDS */.L[command].inputs];
}
/**
 * The inputs a command does not read: refused where ignoring one could surprise, otherwise one
 * warning each. Only after the command's own inputs were read, so their errors come first.
 */
function checkUnreadInputs(read, command, warn) {
    const reads = new Set(inputsRead(command));
    const refusals = registry/* COMMANDS */.L[command].refused ?? {};
    const ignored = [];
    for (const input of new Set(registry/* COMMAND_NAMES */.n.flatMap(inputsRead))) {
        if (reads.has(input))
            continue;
        const value = read(input).trim();
        if (!value || value === INPUT_DEFAULTS[input])
            continue;
        const refused = refusals[input];
        // The table's own sentences: untrusted() only shows the log rule a lookup it cannot follow.
        if (refused)
            throw new errors/* InputError */.dz(`Input \`${input}\` was given to ${command}, which does not take it: ${(0,base_text/* untrusted */.bp)(refused, Infinity)}`);
        ignored.push(input);
    }
    for (const input of ignored)
        warn(`Input \`${input}\` is set, but ${command} does not read it: it has no effect on this step.`);
}
function readCommand(read) {
    const value = read('command').trim();
    if (!value)
        throw new errors/* InputError */.dz(`Input \`command\` is required: one of ${registry/* COMMAND_NAMES */.n.join(', ')}.`);
    if (!Object.hasOwn(registry/* COMMANDS */.L, value)) {
        throw new errors/* InputError */.dz(`Input \`command\` is ${(0,base_text/* quoted */.TL)(value)}: it must be one of ${registry/* COMMAND_NAMES */.n.join(', ')}.`);
    }
    return value;
}

// EXTERNAL MODULE: ./src/base/version.ts
var version = __webpack_require__(2301);
;// CONCATENATED MODULE: ./src/step.ts












/** A stack in the debug log is bounded, each line made safe: its message may quote another library. */
const STACK_LINES = 40;
/** What main and post share: the runner's log, the settings, the client, the one way to fail. */
const coreLogger = {
    info: (message) => core/* info */.pq(message),
    warning: (message) => core/* warning */.$e(message),
    debug: (message) => core/* debug */.Yz(message),
};
/**
 * Every input, read and checked; the API key and GitHub token are masked first. `warn` hears of
 * inputs the command does not read (the main step says so; the post step, with the same inputs, need not again).
 */
function readStepSettings(warn) {
    // Before anything is printed: a proxy variable may carry credentials. The runner would mask a
    // user name of a letter or two everywhere in the log, and it is sent nowhere but to the proxy.
    for (const secret of (0,proxy_variables/* proxySecrets */.Wm)(process.env))
        if (secret.length >= MIN_MASKED_LENGTH)
            maskSecret(secret);
    return readSettings((name) => core/* getInput */.V4(name), maskSecret, { repository: process.env.GITHUB_REPOSITORY, apiUrl: process.env.GITHUB_API_URL }, warn);
}
/**
 * Masks a secret in the runner's log, and has the action replace it (and any piece of it) by `***`
 * in every text from outside it shows or outputs: the runner masks only whole values.
 */
function maskSecret(secret) {
    core/* setSecret */.Pq(secret);
    (0,base_text/* registerSecret */.cl)(secret);
}
/** A proxy credential shorter than this is not masked (see readStepSettings). */
const MIN_MASKED_LENGTH = 4;
/**
 * The platform client of one step, on the step's connection pool (through the proxies the
 * environment names, which the log names by host and port once): its deadline is the step's
 * `timeout` from now. `cancelled`: the runner's cancel (the main step's), at which a wait to send
 * a request again ends. Throws ProxySettingError for a proxy variable it cannot use, before any request.
 */
async function openClient(settings, clock, cancelled) {
    if ((0,proxy_variables/* proxyVariableSet */.zn)(process.env)) {
        const proxies = (await __webpack_require__.e(/* import() */ 856).then(__webpack_require__.bind(__webpack_require__, 7856))).describeProxySettings(process.env);
        if (proxies)
            core/* info */.pq(proxies);
    }
    return new client/* PlatformClient */.Ht({
        baseUrl: settings.apiHost,
        apiKey: settings.apiKey,
        userAgent: version/* USER_AGENT */._,
        clock,
        logger: coreLogger,
        deadline: clock.now() + settings.timeoutMs,
        dispatcher: await (0,transport/* connectionPool */.h5)(process.env),
        ownsDispatcher: true,
        ...(cancelled ? { interrupt: { signal: cancelled, stop: true } } : {}),
    });
}
async function writeSummary(html) {
    if (!html || !process.env.GITHUB_STEP_SUMMARY)
        return;
    try {
        await core/* summary */.z.addRaw(html).write();
    }
    catch (error) {
        core/* summary */.z.emptyBuffer();
        core/* warning */.$e(`Could not write the job summary: ${(0,errors/* messageOf */.bD)(error)}`);
    }
}
/**
 * One ::error:: line; the stack only with debug logging on, and never for expected failures. An
 * unexpected error names where in src/ it happened, never a line of the minified bundle.
 */
function fail(error) {
    if (!(error instanceof errors/* OwnError */.Nj) && error instanceof Error && error.stack && core/* isDebug */._o()) {
        for (const line of error.stack.split('\n').slice(0, STACK_LINES)) {
            const at = frameLocation(line);
            core/* debug */.Yz((0,base_text/* untrusted */.bp)(at ? `${line} [${at}]` : line, 500));
        }
    }
    core/* setFailed */.C1(describeFailure(error));
}
/** The line a failed step ends with. */
function describeFailure(error) {
    if (error instanceof errors/* OwnError */.Nj)
        return error.message;
    // The location comes from the stack, which a library may have written.
    const at = sourceLocationOf(error);
    return `Unexpected error${at ? ` at ${(0,base_text/* untrusted */.bp)(at)}` : ''}: ${(0,errors/* messageOf */.bD)(error)}. Re-run with debug logging on for details.`;
}
/**
 * Fails the step: a short job summary of what failed (`what`: the command, or the step), the
 * request it failed on, and what to do next; then the one ::error:: line.
 */
async function failStep(what, error) {
    await writeSummary(failureSummary(what, error));
    fail(error);
}
/** The summary of a step that failed by an error: a heading, then the failure's note. */
function failureSummary(what, error) {
    return (0,summary/* heading */.R_)(`❌ ${what} failed`) + failureNote(describeFailure(error), (0,http_errors/* requestErrorIn */.pB)(error), nextStep(error, (0,http_errors/* requestErrorIn */.pB)(error)));
}
/**
 * What a command's own summary gets when the command reports a failure: the failure (a command's
 * summary never says it itself), the request it failed on, and what to do next.
 */
function commandFailureNote(failure, request, next) {
    return failureNote(failure, request, next ?? nextStep(undefined, request));
}
function failureNote(failure, request, next) {
    const answer = (failed) => (failed.status === undefined ? `none (${failed.kind})` : String(failed.status));
    return ((0,summary/* paragraph */.FY)(failure) +
        (request
            ? (0,summary/* table */.tp)(['HTTP status', 'error code', 'request id'], [[answer(request), (0,context/* errorCodeOf */.D)(request), request.requestId === undefined ? undefined : { code: request.requestId }]])
            : '') +
        (0,summary/* paragraph */.FY)(next));
}
/** What to do after a failure, by its kind; `error` undefined: a failure a command reported. */
function nextStep(error, request) {
    if (error instanceof errors/* RunnerVariableError */.tB) {
        return 'The runner sets that variable in a GitHub Actions job: run the step there, or set it for a local run. The step sent no request.';
    }
    if (error instanceof errors/* InputError */.dz)
        return 'Correct that input and run the job again: the step sent no request.';
    if (error instanceof proxy_variables/* ProxySettingError */.Tl) {
        return 'Correct that proxy variable (a runner set up with a proxy exports it to every step) and run the job again: the step sent no request.';
    }
    if (error !== undefined && !(error instanceof errors/* OwnError */.Nj)) {
        return 'This is a fault of the action, not of the workflow: re-run the job with debug logging on for the whole stack, and report it with the location above.';
    }
    if (!request)
        return 'Fix what the failure above names, then run the job again.';
    if (request.kind === 'proxy' || request.kind === 'proxy-refused') {
        return 'The proxy failed, not the platform: check what the failure above names (the proxy variable, its credentials, NO_PROXY), then run the job again.';
    }
    if (request.kind === 'certificate') {
        return "Have Node trust the server's certificate as the failure above says (NODE_EXTRA_CA_CERTS), then run the job again.";
    }
    if (request.kind === 'deadline')
        return 'Raise the `timeout` input, or run the job again when the platform answers sooner.';
    if (request.kind === 'redirect' || (request.kind === 'http' && [401, 403, 404].includes(request.status ?? 0))) {
        return 'Change what the failure above names, then run the job again. A later step can branch on the outputs `http-status`, `error-code` and `request-id`.';
    }
    return 'The platform or the connection kept failing after the retries: run the job again later, and if it goes on, report the request id to the platform.';
}


/***/ })

};

//# sourceMappingURL=916.index.js.map