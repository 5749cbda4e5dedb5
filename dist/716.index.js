export const id = 716;
export const ids = [716];
export const modules = {

/***/ 4716:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   storeActionsSecret: () => (/* binding */ storeActionsSecret)
/* harmony export */ });
/* unused harmony export SecretStoreUncertain */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2925);
/* harmony import */ var libsodium_wrappers__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8304);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2174);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3264);
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
async function storeActionsSecret(target, value, github, time) {
    const [owner, repo] = (github.repository ?? '').split('/');
    if (!owner || !repo) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ('GITHUB_REPOSITORY is not set, so the repository to store the secret in is unknown. Run rotate-key in a GitHub Actions job.');
    }
    const where = target.environment ? `environment ${target.environment} of ${owner}/${repo}` : `repository ${owner}/${repo}`;
    const fail = (error) => `Could not store secret ${target.name} in the ${where}: ${describeGitHubError(asGitHubError(error))}`;
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(target.token, github.apiUrl ? { baseUrl: github.apiUrl } : {});
    // Every GitHub call ends with the step's timeout.
    const call = async (send) => {
        const deadline = time.clock.deadline(Math.max(1, time.deadline - time.clock.now()));
        try {
            return await send(deadline.signal);
        }
        finally {
            deadline.clear();
        }
    };
    let body;
    try {
        const { data: publicKey } = await call((signal) => target.environment
            ? octokit.rest.actions.getEnvironmentPublicKey({ owner, repo, environment_name: target.environment, request: { signal } })
            : octokit.rest.actions.getRepoPublicKey({ owner, repo, request: { signal } }));
        await libsodium_wrappers__WEBPACK_IMPORTED_MODULE_3__/* ["default"].ready */ .Ay.ready;
        const sealed = libsodium_wrappers__WEBPACK_IMPORTED_MODULE_3__/* ["default"] */ .Ay.crypto_box_seal(libsodium_wrappers__WEBPACK_IMPORTED_MODULE_3__/* ["default"].from_string */ .Ay.from_string(value), libsodium_wrappers__WEBPACK_IMPORTED_MODULE_3__/* ["default"].from_base64 */ .Ay.from_base64(publicKey.key, libsodium_wrappers__WEBPACK_IMPORTED_MODULE_3__/* ["default"].base64_variants */ .Ay.base64_variants.ORIGINAL));
        body = { encrypted_value: libsodium_wrappers__WEBPACK_IMPORTED_MODULE_3__/* ["default"].to_base64 */ .Ay.to_base64(sealed, libsodium_wrappers__WEBPACK_IMPORTED_MODULE_3__/* ["default"].base64_variants */ .Ay.base64_variants.ORIGINAL), key_id: publicKey.key_id };
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(fail(error));
    }
    // Once an attempt may have been applied, the outcome stays open whatever later attempts answer.
    let mayHaveApplied = false;
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
            const { status } = asGitHubError(error);
            // A 4xx answer means GitHub refused it; anything else leaves the outcome open.
            if (status === undefined || status >= 500)
                mayHaveApplied = true;
            throw error;
        }
    }, {
        clock: time.clock,
        deadline: time.deadline,
        maxAttempts: PUT_ATTEMPTS,
        // Sending the same sealed value again is harmless; a refusal (4xx) is final.
        delayAfter: (error, attempt) => {
            const { status } = asGitHubError(error);
            return status === undefined || status >= 500 ? PUT_BACKOFF_MS * attempt : undefined;
        },
        giveUp: (error) => (mayHaveApplied ? new SecretStoreUncertain(fail(error)) : new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(fail(error))),
    });
}
function asGitHubError(error) {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : undefined;
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '').slice(0, 200) : String(error);
    return { status: Number.isFinite(status) ? status : undefined, message };
}
/** Octokit's errors carry a status and GitHub's message; never the token or the value. */
function describeGitHubError({ status, message }) {
    switch (status) {
        case 401:
            return `GitHub refused the token (401 ${message}). Check the \`github-token\` input.`;
        case 403:
            return `GitHub answered 403 (${message}). The token needs permission to write Actions secrets: a fine-grained token with Secrets read and write, or a GitHub App token; the default GITHUB_TOKEN cannot.`;
        case 404:
            return 'GitHub answered 404: the repository or environment does not exist, or the token cannot see it.';
        case undefined:
            return `no answer from GitHub (${message}).`;
        default:
            return `GitHub answered ${status} (${message}).`;
    }
}


/***/ })

};
