export const id = 194;
export const ids = [194];
export const modules = {

/***/ 7194:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   storeActionsSecret: () => (/* binding */ storeActionsSecret)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var libsodium_wrappers__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4768);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3249);
/**
 * Stores a value as a GitHub Actions secret: fetch the repository's (or environment's) public
 * key, seal the value with libsodium's sealed box, PUT it. Loaded with a dynamic import only
 * when rotate-key has a `secret-name`, so no other command pays for Octokit and libsodium.
 */



async function storeActionsSecret(target, value, github) {
    const [owner, repo] = (github.repository ?? '').split('/');
    if (!owner || !repo) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ('GITHUB_REPOSITORY is not set, so the repository to store the secret in is unknown. Run rotate-key in a GitHub Actions job.');
    }
    const where = target.environment ? `environment ${target.environment} of ${owner}/${repo}` : `repository ${owner}/${repo}`;
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(target.token, github.apiUrl ? { baseUrl: github.apiUrl } : {});
    try {
        const { data: publicKey } = target.environment
            ? await octokit.rest.actions.getEnvironmentPublicKey({ owner, repo, environment_name: target.environment })
            : await octokit.rest.actions.getRepoPublicKey({ owner, repo });
        await libsodium_wrappers__WEBPACK_IMPORTED_MODULE_2__/* ["default"].ready */ .Ay.ready;
        const sealed = libsodium_wrappers__WEBPACK_IMPORTED_MODULE_2__/* ["default"] */ .Ay.crypto_box_seal(libsodium_wrappers__WEBPACK_IMPORTED_MODULE_2__/* ["default"].from_string */ .Ay.from_string(value), libsodium_wrappers__WEBPACK_IMPORTED_MODULE_2__/* ["default"].from_base64 */ .Ay.from_base64(publicKey.key, libsodium_wrappers__WEBPACK_IMPORTED_MODULE_2__/* ["default"].base64_variants */ .Ay.base64_variants.ORIGINAL));
        const encrypted = libsodium_wrappers__WEBPACK_IMPORTED_MODULE_2__/* ["default"].to_base64 */ .Ay.to_base64(sealed, libsodium_wrappers__WEBPACK_IMPORTED_MODULE_2__/* ["default"].base64_variants */ .Ay.base64_variants.ORIGINAL);
        const body = { owner, repo, secret_name: target.name, encrypted_value: encrypted, key_id: publicKey.key_id };
        if (target.environment)
            await octokit.rest.actions.createOrUpdateEnvironmentSecret({ ...body, environment_name: target.environment });
        else
            await octokit.rest.actions.createOrUpdateRepoSecret(body);
    }
    catch (error) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(`Could not store secret ${target.name} in the ${where}: ${describeGitHubError(error)}`);
    }
}
/** Octokit's errors carry a status and GitHub's message; never the token or the value. */
function describeGitHubError(error) {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : undefined;
    const message = error instanceof Error ? error.message.split('\n')[0].slice(0, 200) : String(error);
    switch (status) {
        case 401:
            return `GitHub refused the token (401 ${message}). Check the \`github-token\` input.`;
        case 403:
            return `GitHub answered 403 (${message}). The token needs permission to write Actions secrets: a fine-grained token with Secrets read and write, or a GitHub App token; the default GITHUB_TOKEN cannot.`;
        case 404:
            return `GitHub answered 404: the repository or environment does not exist, or the token cannot see it.`;
        default:
            return status ? `GitHub answered ${status} (${message}).` : message;
    }
}


/***/ })

};
