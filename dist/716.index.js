export const id = 716;
export const ids = [716];
export const modules = {

/***/ 4716:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   storeActionsSecret: () => (/* binding */ storeActionsSecret)
/* harmony export */ });
/* unused harmony exports SecretStoreUncertain, settle */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2925);
/* harmony import */ var libsodium_wrappers__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8304);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2174);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3264);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(774);
/**
 * Stores a value as a GitHub Actions secret: fetch the repository's (or environment's) public
 * key, seal the value with libsodium's sealed box, PUT it. Loaded with a dynamic import only
 * when rotate-key has a `secret-name`, so no other command pays for Octokit and libsodium.
 */





/** The PUT may have stored the value although no answer said so. Told apart by name: rotate.ts loads this module lazily. */
class SecretStoreUncertain extends _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ {
    constructor(message) {
        super(message);
        this.name = 'SecretStoreUncertain';
    }
}
/** Sending the same sealed value again is harmless, so a PUT without an answer is repeated. */
const PUT_ATTEMPTS = 3;
const PUT_BACKOFF_MS = 1000;
/** GitHub asks for at least a minute after a secondary rate limit that names no Retry-After. */
const SECONDARY_RATE_LIMIT_WAIT_MS = 60_000;
/**
 * Resolves once the secret holds the value: GitHub answered the write (undefined), or every
 * answer was lost or refused after a write that may have gone through and the secret's
 * `updated_at` shows it landed (a note saying so). Throws ActionError when the secret was
 * certainly not written, and SecretStoreUncertain when it may or may not hold the value.
 */
async function storeActionsSecret(target, value, github, time) {
    const { owner, repo } = target;
    const where = target.environment ? `environment ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(target.environment, 80)} of ${owner}/${repo}` : `repository ${owner}/${repo}`;
    const fail = (error) => `Could not store secret ${target.name} in the ${where}: ${describeGitHubError(asGitHubError(error, 0))}`;
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(target.token, github.apiUrl ? { baseUrl: github.apiUrl } : {});
    // Every GitHub call ends with the step's timeout (settling reads: with their own deadline).
    const call = async (send, deadline = time.deadline) => {
        const timer = time.clock.deadline(Math.max(1, deadline - time.clock.now()));
        try {
            return await send(timer.signal);
        }
        finally {
            timer.clear();
        }
    };
    const readStamp = async (deadline) => {
        try {
            const { data, headers } = await call((signal) => target.environment
                ? octokit.rest.actions.getEnvironmentSecret({
                    owner,
                    repo,
                    environment_name: target.environment,
                    secret_name: target.name,
                    request: { signal },
                })
                : octokit.rest.actions.getRepoSecret({ owner, repo, secret_name: target.name, request: { signal } }), deadline);
            return { exists: true, updatedAt: data.updated_at, answeredAt: headers.date };
        }
        catch (error) {
            return asGitHubError(error, 0).status === 404 ? { exists: false } : undefined;
        }
    };
    let body;
    try {
        const { data: publicKey } = await call((signal) => target.environment
            ? octokit.rest.actions.getEnvironmentPublicKey({ owner, repo, environment_name: target.environment, request: { signal } })
            : octokit.rest.actions.getRepoPublicKey({ owner, repo, request: { signal } }));
        await libsodium_wrappers__WEBPACK_IMPORTED_MODULE_4__/* ["default"].ready */ .Ay.ready;
        const sealed = libsodium_wrappers__WEBPACK_IMPORTED_MODULE_4__/* ["default"] */ .Ay.crypto_box_seal(libsodium_wrappers__WEBPACK_IMPORTED_MODULE_4__/* ["default"].from_string */ .Ay.from_string(value), libsodium_wrappers__WEBPACK_IMPORTED_MODULE_4__/* ["default"].from_base64 */ .Ay.from_base64(publicKey.key, libsodium_wrappers__WEBPACK_IMPORTED_MODULE_4__/* ["default"].base64_variants */ .Ay.base64_variants.ORIGINAL));
        body = { encrypted_value: libsodium_wrappers__WEBPACK_IMPORTED_MODULE_4__/* ["default"].to_base64 */ .Ay.to_base64(sealed, libsodium_wrappers__WEBPACK_IMPORTED_MODULE_4__/* ["default"].base64_variants */ .Ay.base64_variants.ORIGINAL), key_id: publicKey.key_id };
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(fail(error));
    }
    // Read before any write: only then can an unanswered write be settled afterwards.
    const before = await readStamp();
    // Once an attempt may have been applied, the outcome stays open whatever later attempts answer.
    let mayHaveApplied = false;
    let lastError;
    try {
        await (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retrying */ .R$)(async () => {
            try {
                await call((signal) => target.environment
                    ? octokit.rest.actions.createOrUpdateEnvironmentSecret({
                        owner,
                        repo,
                        environment_name: target.environment,
                        secret_name: target.name,
                        ...body,
                        request: { signal },
                    })
                    : octokit.rest.actions.createOrUpdateRepoSecret({ owner, repo, secret_name: target.name, ...body, request: { signal } }));
            }
            catch (error) {
                // A 4xx answer means GitHub refused that attempt; anything else leaves its outcome open.
                const { status } = asGitHubError(error, 0);
                if (status === undefined || status >= 500)
                    mayHaveApplied = true;
                throw error;
            }
        }, {
            clock: time.clock,
            deadline: time.deadline,
            maxAttempts: PUT_ATTEMPTS,
            // Sending the same sealed value again is harmless; a refusal is final, but for a rate limit.
            delayAfter: (error, attempt) => (time.cancelled() ? undefined : retryDelay(asGitHubError(error, time.clock.now()), attempt)),
        });
        return undefined;
    }
    catch (error) {
        lastError = error;
    }
    if (!mayHaveApplied)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(fail(lastError));
    const after = before && (await readStamp(time.settleDeadline));
    switch (settle(before, after)) {
        case 'applied':
            return `GitHub did not confirm the write, but the secret's updated_at moved from ${before?.exists ? before.updatedAt : 'nothing (new secret)'} to ${after?.updatedAt}`;
        case 'not-applied':
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(`${fail(lastError)} GitHub's record of the secret shows it was not written (its updated_at did not move).`);
        case 'unknown':
            throw new SecretStoreUncertain(`${fail(lastError)} A write may have gone through without an answer, and the secret's updated_at cannot tell ` +
                `(${describeStamps(before, after)}).`);
    }
}
/**
 * Whether an unanswered write was applied, from the secret's `updated_at` before and after (second
 * precision, GitHub's clock). Moved, or a secret that now exists: applied. Unchanged: not applied,
 * but only when `updated_at` was older than the second GitHub answered the first read in; a write
 * within that same second would not have moved it.
 */
function settle(before, after) {
    if (!before || !after)
        return 'unknown';
    if (!before.exists)
        return after.exists ? 'applied' : 'not-applied';
    if (!after.exists)
        return 'unknown';
    if (after.updatedAt !== before.updatedAt)
        return 'applied';
    const updated = Date.parse(before.updatedAt ?? '');
    const answered = Date.parse(before.answeredAt ?? '');
    return Math.floor(updated / 1000) < Math.floor(answered / 1000) ? 'not-applied' : 'unknown';
}
function describeStamps(before, after) {
    const show = (stamp) => (!stamp ? 'unreadable' : stamp.exists ? `updated_at ${stamp.updatedAt}` : 'absent');
    return `before: ${show(before)}; after: ${show(after)}`;
}
/** How long to wait before another PUT: after no answer or a 5xx, and after a rate limit; never after a refusal. */
function retryDelay(error, attempt) {
    const { status } = error;
    if (status === undefined || status >= 500)
        return PUT_BACKOFF_MS * attempt;
    if (isRateLimit(error))
        return error.retryAfterMs ?? SECONDARY_RATE_LIMIT_WAIT_MS;
    return undefined;
}
function isRateLimit({ status, message }) {
    return status === 429 || (status === 403 && /rate limit/i.test(message));
}
function asGitHubError(error, now) {
    const record = typeof error === 'object' && error !== null ? error : {};
    // Octokit gives a request that got no answer (refused, cut off, aborted) status 500 and no response.
    const status = 'status' in record && record.response !== undefined ? Number(record.status) : undefined;
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    const headers = typeof record.response?.headers === 'object' && record.response.headers !== null ? record.response.headers : {};
    const retryAfter = headers['retry-after'];
    const parsed = { status: Number.isFinite(status) ? status : undefined, message };
    const retryAfterMs = (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)(typeof retryAfter === 'string' ? retryAfter : undefined, now);
    if (retryAfterMs !== undefined)
        parsed.retryAfterMs = retryAfterMs;
    return parsed;
}
/** Octokit's errors carry a status and GitHub's message (quoted as data); never the token or the value. */
function describeGitHubError(error) {
    const said = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(error.message, 200);
    switch (error.status) {
        case 401:
            return `GitHub refused the token (401 ${said}). Check the \`github-token\` input.`;
        case 403:
            return isRateLimit(error)
                ? `GitHub's secondary rate limit refused the write (403 ${said}). Run the rotation again later.`
                : `GitHub answered 403 (${said}). The token needs permission to write Actions secrets: a fine-grained token with Secrets read and write, or a GitHub App token; the default GITHUB_TOKEN cannot.`;
        case 404:
            return 'GitHub answered 404: the repository or environment does not exist, or the token cannot see it.';
        case undefined:
            return `no answer from GitHub (${said}).`;
        default:
            return `GitHub answered ${error.status} (${said}).`;
    }
}


/***/ })

};
