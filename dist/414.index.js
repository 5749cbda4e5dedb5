export const id = 414;
export const ids = [414];
export const modules = {

/***/ 6584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   jh: () => (/* binding */ GitHubClient),
/* harmony export */   xw: () => (/* binding */ DEFAULT_GITHUB_API_URL)
/* harmony export */ });
/* unused harmony export GITHUB */
/* harmony import */ var _base_version_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2301);
/* harmony import */ var _http_answers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5442);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8549);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8902);
/* harmony import */ var _http_transport_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1517);





/** Where GitHub's API is when the runner does not say (GITHUB_API_URL). */
const DEFAULT_GITHUB_API_URL = 'https://api.github.com';
/** The REST API version the calls are written for. */
const API_VERSION = '2022-11-28';
/** How GitHub words its answers: its JSON `message`, its request id header, its rate limits. */
const GITHUB = {
    name: 'GitHub',
    redirectHint: 'the action does not follow redirects with the token. A repository that was renamed or moved must be named as it is now.',
    emptySuccess: true,
    notCarriedOut: new Set(),
    readError: (body, headers, status, now) => {
        const serviceMessage = typeof body?.message === 'string' && body.message !== '' ? body.message : undefined;
        // Quoted in every record of `secret-results` and the summary: only a short token, as the platform's.
        const requestId = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(headers['x-github-request-id']);
        const reset = Number((0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(headers['x-ratelimit-reset']));
        const exhausted = (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(headers['x-ratelimit-remaining']) === '0';
        return {
            serviceMessage,
            requestId: (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .isRequestId */ .hP)(requestId) ? requestId : undefined,
            retryAfterMs: (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)((0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(headers['retry-after']), now) ??
                (exhausted && Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : undefined),
            rateLimited: status === 429 || (status === 403 && (exhausted || /rate limit/i.test(serviceMessage ?? ''))),
        };
    },
};
class GitHubClient {
    origin;
    basePath;
    token;
    clock;
    connections;
    constructor(options) {
        const base = new URL(options.apiUrl);
        this.origin = base.origin;
        this.basePath = base.pathname.replace(/\/+$/, '');
        this.token = options.token;
        this.clock = options.clock;
        this.connections = options.connections;
    }
    /**
     * A GET, sent again as RETRY_POLICIES.githubRead says. `deadline` a function when it may come
     * sooner (the runner's grace after a cancel); `stopped` ends a wait to read it again (the cancel).
     */
    get(path, deadline, stopped) {
        const by = typeof deadline === 'function' ? deadline : () => deadline;
        return (0,_http_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retrying */ .R$)(() => this.send({ method: 'GET', path }, by()), _http_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .RETRY_POLICIES */ .qW.githubRead, {
            clock: this.clock,
            deadline: by,
            ...(stopped ? { interrupt: { signal: stopped } } : {}),
        });
    }
    /**
     * One PUT, never sent again here: a secret's write settles its own retries (github/secret-stores.ts).
     * `cut`: ends the attempt sooner (the runner's grace after a cancel). `onSend`: just before the request leaves.
     */
    put(path, body, deadline, cut, onSend) {
        return this.send({ method: 'PUT', path, body }, deadline, cut, onSend);
    }
    /** One attempt, cut off after its own 30 s, at `deadline` (clock time) if sooner, or by `cut`; none once `deadline` has passed. */
    async send(call, deadline, cut, onSend) {
        const headers = {
            accept: 'application/vnd.github+json',
            'x-github-api-version': API_VERSION,
            'user-agent': _base_version_js__WEBPACK_IMPORTED_MODULE_4__/* .USER_AGENT */ ._,
        };
        if (this.token !== undefined)
            headers.authorization = `Bearer ${this.token}`;
        const body = call.body === undefined ? undefined : JSON.stringify(call.body);
        if (body !== undefined)
            headers['content-type'] = 'application/json';
        const request = { method: call.method, path: this.basePath + call.path, headers, ...(body === undefined ? {} : { body }) };
        const base = { kind: 'network', method: call.method, path: call.path };
        const time = { clock: this.clock, deadline, requestTimeoutMs: _http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .REQUEST_TIMEOUT_MS */ .j2, cut };
        const attempt = await (0,_http_transport_js__WEBPACK_IMPORTED_MODULE_3__/* .sendAttempt */ .ob)(this.connections, this.origin, request, time, onSend);
        if (!attempt.sent)
            throw new _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .RequestError */ .G("the step's timeout ran out before the request was sent.", { ...base, kind: 'deadline' });
        const answer = (0,_http_answers_js__WEBPACK_IMPORTED_MODULE_0__/* .readAnswer */ .JN)(attempt, base, GITHUB, this.clock.now());
        if (!answer.ok)
            throw answer.error;
        return { status: answer.status, body: answer.body };
    }
}


/***/ }),

/***/ 9414:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readRunnerRanges: () => (/* binding */ readRunnerRanges)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _http_answers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5442);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8549);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6584);
/** GitHub's meta API (GET /meta): the ranges of GitHub-hosted runners, which change often, read at the time of the step. */




const UNAUTHENTICATED_LIMIT = ' Reads without a token share a limit of 60 an hour per address, and a GitHub-hosted runner shares its address: ' +
    'set `github-token` (`${{ github.token }}` will do) and the read counts against the token instead.';
/** `actions` and `actions_macos`; fails, saying what to do, when GitHub does not answer or lists none (GitHub Enterprise Server). */
async function readRunnerRanges(options, deadline) {
    const client = new _client_js__WEBPACK_IMPORTED_MODULE_3__/* .GitHubClient */ .jh({ ...options, apiUrl: options.apiUrl ?? _client_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_GITHUB_API_URL */ .xw });
    const meta = await client.get('/meta', deadline).then((answer) => answer.body, (error) => {
        if (!(error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .RequestError */ .G))
            throw error;
        const hint = error.rateLimited && options.token === undefined ? UNAUTHENTICATED_LIMIT : '';
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ(`Could not read GitHub's runner ranges (GET /meta): ${(0,_http_answers_js__WEBPACK_IMPORTED_MODULE_1__/* .describeRequestFailure */ .Tp)(error)}.${hint}`, { cause: error });
    });
    if (!Array.isArray(meta?.actions)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ("GitHub's meta API lists no ranges of GitHub-hosted runners (`actions`), as on GitHub Enterprise Server, whose runners are all self-hosted: " +
            'name their networks in `expected-networks` instead of `github-actions`.');
    }
    const lists = [meta.actions, meta.actions_macos].flatMap((list) => (Array.isArray(list) ? list : []));
    return lists.filter((range) => typeof range === 'string');
}


/***/ })

};

//# sourceMappingURL=414.index.js.map