export const id = 468;
export const ids = [468];
export const modules = {

/***/ 4468:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SecretStores: () => (/* binding */ SecretStores)
});

// EXTERNAL MODULE: ./src/base/clock.ts
var clock = __webpack_require__(6412);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/base/text.ts
var base_text = __webpack_require__(766);
// EXTERNAL MODULE: ./src/http/errors.ts
var http_errors = __webpack_require__(8549);
// EXTERNAL MODULE: ./src/http/retry.ts
var retry = __webpack_require__(8902);
// EXTERNAL MODULE: ./src/github/client.ts
var github_client = __webpack_require__(6584);
// EXTERNAL MODULE: ./src/github/messages.ts
var messages = __webpack_require__(551);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./node_modules/@noble/ciphers/salsa.js + 3 modules
var salsa = __webpack_require__(6382);
// EXTERNAL MODULE: ./node_modules/@noble/hashes/blake2.js + 4 modules
var blake2 = __webpack_require__(904);
;// CONCATENATED MODULE: ./src/github/sealed-box.ts
/**
 * libsodium's sealed box (`crypto_box_seal`), the form GitHub takes secrets in, built from Node's X25519 and two
 * audited @noble primitives instead of libsodium (docs/audit.md). The box is epk ‖ tag ‖ ciphertext, with the nonce
 * BLAKE2b-192(epk ‖ pk).
 */




const KEY_BYTES = 32;
const NONCE_BYTES = 24;
const TAG_BYTES = 16;
/** The ephemeral public key and the tag. */
const SEALED_BOX_OVERHEAD = KEY_BYTES + TAG_BYTES;
/** "expand 32-byte k" as HSalsa20 takes it: four words in the host's order. */
const SIGMA = new Uint32Array(Uint8Array.from(new TextEncoder().encode('expand 32-byte k')).buffer);
/** Only the holder of `recipient`'s private key can open it. */
function sealedBox(value, recipient) {
    if (recipient.length !== KEY_BYTES) {
        throw new errors/* ActionError */.lZ(`A sealed box needs a 32-byte X25519 public key; GitHub sent ${recipient.length} bytes.`);
    }
    const ephemeral = (0,external_node_crypto_.generateKeyPairSync)('x25519');
    const epk = Buffer.from(ephemeral.publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
    const recipientKey = (0,external_node_crypto_.createPublicKey)({
        key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(recipient).toString('base64url') },
        format: 'jwk',
    });
    const shared = (0,external_node_crypto_.diffieHellman)({ privateKey: ephemeral.privateKey, publicKey: recipientKey });
    const key = boxKey(shared);
    shared.fill(0);
    const nonce = (0,blake2/* blake2b */.Sx)(concat(epk, recipient), { dkLen: NONCE_BYTES });
    const sealed = (0,salsa/* xsalsa20poly1305 */.uT)(key, nonce).encrypt(value);
    key.fill(0);
    return concat(epk, sealed);
}
/** crypto_box_beforenm: HSalsa20 of the shared secret with a zero input. */
function boxKey(shared) {
    const words = new Uint32Array(8);
    (0,salsa/* hsalsa */.bD)(SIGMA, new Uint32Array(Uint8Array.from(shared).buffer), new Uint32Array(4), words);
    return new Uint8Array(words.buffer);
}
function concat(a, b) {
    const out = new Uint8Array(a.length + b.length);
    out.set(a, 0);
    out.set(b, a.length);
    return out;
}

// EXTERNAL MODULE: ./src/http/transport.ts
var transport = __webpack_require__(1517);
// EXTERNAL MODULE: ./src/github/targets.ts
var targets = __webpack_require__(5617);
;// CONCATENATED MODULE: ./src/github/secret-reads.ts
/** What a rotation reads from GitHub before its writes: each target's public key, and who may read an organization secret. */







const REPOSITORIES_PER_PAGE = 100;
const MAX_REPOSITORY_PAGES = 100;
async function prepareStore(client, storage, target, repositoryIds, deadline) {
    const base = secretsPath(target);
    const path = `${base}/${encodeURIComponent(storage.name)}`;
    const publicKey = readPublicKey((await client.get(`${base}/public-key`, deadline)).body);
    const store = { target, path, keyId: publicKey.keyId, publicKey: publicKey.key };
    if (!(0,targets/* isOrganizationTarget */.hp)(target))
        return store;
    // Who may read it: as the inputs say, or as it is now.
    const given = storage.access;
    const visibility = given?.visibility ?? (await visibilityNow(client, path, deadline));
    if (visibility !== 'selected')
        return { ...store, access: { visibility } };
    const ids = given?.visibility === 'selected'
        ? await repositoryIdsOf(client, target.org, given.repositories, repositoryIds, deadline)
        : await selectedRepositoryIds(client, path, deadline);
    return { ...store, access: { visibility, selected_repository_ids: ids } };
}
/** `public-key` and each secret are below it. */
function secretsPath(target) {
    const repository = (t) => `/repos/${encodeURIComponent(t.owner)}/${encodeURIComponent(t.repo)}`;
    switch (target.kind) {
        case 'repository':
            return `${repository(target)}/actions/secrets`;
        case 'environment':
            return `${repository(target)}/environments/${encodeURIComponent(target.environment)}/secrets`;
        case 'dependabot':
            return `${repository(target)}/dependabot/secrets`;
        case 'organization':
            return `/orgs/${encodeURIComponent(target.org)}/actions/secrets`;
        case 'dependabot-organization':
            return `/orgs/${encodeURIComponent(target.org)}/dependabot/secrets`;
    }
}
function readPublicKey(body) {
    const keyId = (0,transport/* isRecord */.u4)(body) ? body.key_id : undefined;
    const key = (0,transport/* isRecord */.u4)(body) ? body.key : undefined;
    if (typeof keyId !== 'string' || keyId === '' || typeof key !== 'string') {
        throw new errors/* ActionError */.lZ('GitHub answered the public key without `key_id` and `key`.');
    }
    const bytes = Buffer.from(key, 'base64');
    if (bytes.length !== 32)
        throw new errors/* ActionError */.lZ(`GitHub's public key is ${bytes.length} bytes long, not the 32 of an X25519 key.`);
    // A low-order point makes no shared secret: find out now, before a key is made.
    try {
        sealedBox(new Uint8Array(0), bytes);
    }
    catch {
        throw new errors/* ActionError */.lZ("GitHub's public key cannot seal a value (it is not a usable X25519 key).");
    }
    return { keyId, key: new Uint8Array(bytes) };
}
/** The visibility of the organization secret as it is now. */
async function visibilityNow(client, path, deadline) {
    let answer;
    try {
        answer = await client.get(path, deadline);
    }
    catch (error) {
        if (error instanceof http_errors/* RequestError */.G && error.status === 404) {
            throw new errors/* ActionError */.lZ('the organization has no such secret yet. Set `secret-visibility` (all, private, or selected with `secret-repositories`) to say which repositories may read it.');
        }
        throw new errors/* ActionError */.lZ('reading the secret to keep its visibility failed, so the visibility to send is unknown. Run the rotation again.', { cause: error });
    }
    const visibility = (0,transport/* isRecord */.u4)(answer.body) ? answer.body.visibility : undefined;
    if (!targets/* VISIBILITIES */.jZ.includes(visibility))
        throw new errors/* ActionError */.lZ('GitHub did not say who may read it (no visibility). Set `secret-visibility`.');
    return visibility;
}
async function selectedRepositoryIds(client, path, deadline) {
    const ids = [];
    for (let page = 1; page <= MAX_REPOSITORY_PAGES; page++) {
        const { body } = await client.get(`${path}/repositories?per_page=${REPOSITORIES_PER_PAGE}&page=${page}`, deadline);
        const total = (0,transport/* isRecord */.u4)(body) ? body.total_count : undefined;
        const repositories = (0,transport/* isRecord */.u4)(body) ? body.repositories : undefined;
        if (typeof total !== 'number' || !Array.isArray(repositories)) {
            throw new errors/* ActionError */.lZ('GitHub answered the selected repositories without `total_count` and `repositories`.');
        }
        for (const repository of repositories) {
            const id = (0,transport/* isRecord */.u4)(repository) ? repository.id : undefined;
            if (typeof id !== 'number' || !Number.isSafeInteger(id))
                throw new errors/* ActionError */.lZ('GitHub answered a selected repository without an id.');
            ids.push(id);
        }
        if (repositories.length === 0 || ids.length >= total)
            return ids;
    }
    throw new errors/* ActionError */.lZ(`more than ${REPOSITORIES_PER_PAGE * MAX_REPOSITORY_PAGES} repositories are selected; set \`secret-repositories\`.`);
}
/** A repository without an owner is the organization's. */
async function repositoryIdsOf(client, org, names, known, deadline) {
    const ids = [];
    for (const name of names) {
        const owner = name.owner ?? org;
        const full = `${owner}/${name.repo}`.toLowerCase();
        let id = known.get(full);
        if (id === undefined) {
            let answer;
            try {
                answer = await client.get(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name.repo)}`, deadline);
            }
            catch (error) {
                if (!(error instanceof http_errors/* RequestError */.G))
                    throw error;
                const why = error.status === 404 ? messages/* GITHUB_REFUSALS */.gI[404].describe('it') : (0,messages/* describeGitHubError */.dZ)(error);
                throw new errors/* ActionError */.lZ(`repository ${(0,base_text/* untrusted */.bp)(`${owner}/${name.repo}`)} of \`secret-repositories\`: ${why}`, {
                    cause: error,
                });
            }
            const found = (0,transport/* isRecord */.u4)(answer.body) ? answer.body.id : undefined;
            if (typeof found !== 'number' || !Number.isSafeInteger(found)) {
                throw new errors/* ActionError */.lZ(`GitHub answered repository ${(0,base_text/* untrusted */.bp)(`${owner}/${name.repo}`)} without an id.`);
            }
            id = found;
            known.set(full, id);
        }
        if (!ids.includes(id))
            ids.push(id);
    }
    return ids;
}

;// CONCATENATED MODULE: ./src/github/secret-stores.ts
/**
 * Stores a value as a GitHub secret in every target: Actions secrets of repositories, environments and organizations,
 * and Dependabot secrets of repositories and organizations. Every target is prepared before anything is written.
 * Then the value is sealed and written to each in turn. This module loads with a dynamic import only when rotate-key
 * stores a secret, so no other command pays for it.
 */










class SecretStores {
    /** The targets ready to be written, in the order given. */
    prepared;
    /** What went wrong preparing the others: no value may be written until they are fixed. */
    problems;
    client;
    storage;
    constructor(client, storage, prepared, problems) {
        this.client = client;
        this.storage = storage;
        this.prepared = prepared;
        this.problems = problems;
    }
    /**
     * Prepares every target, one after the other, since GitHub asks for one request at a time. It reads the public key
     * and, for an organization secret, the visibility and repositories to send. A target that fails goes to `problems`,
     * and nothing is thrown. `connections`: the step's pool (the platform client's), which GitHub's requests share.
     */
    static async prepare(storage, github, time, connections) {
        const client = new github_client/* GitHubClient */.jh({
            apiUrl: github.apiUrl || github_client/* DEFAULT_GITHUB_API_URL */.xw,
            token: storage.token,
            clock: time.clock,
            connections,
        });
        const prepared = [];
        const problems = [];
        const repositoryIds = new Map();
        for (const target of storage.targets) {
            try {
                prepared.push(await prepareStore(client, storage, target, repositoryIds, time.deadline));
            }
            catch (error) {
                problems.push(failed(target, storage.name, error));
            }
        }
        return new SecretStores(client, storage, prepared, problems);
    }
    /**
     * Writes the value to every prepared target in turn, and says what became of each. After a target fails, the
     * others are still written, so one run names every target that needs fixing. After a rate limit, a cancel or the
     * step's timeout, the rest are skipped.
     */
    async storeEverywhere(value, time, onWait, onOutcome) {
        const outcomes = [];
        let reason;
        for (const store of this.prepared) {
            if (reason === undefined && time.signal !== undefined)
                reason = 'the runner cancelled the step';
            if (reason === undefined && time.clock.now() >= time.deadline)
                reason = "the step's timeout ran out";
            let outcome;
            if (reason !== undefined) {
                outcome = {
                    target: store.target,
                    status: 'skipped',
                    message: `Skipped secret ${(0,base_text/* untrusted */.bp)(this.storage.name)} in the ${(0,targets/* describeTarget */.ff)(store.target)}: ${reason}.`,
                    reason: (0,messages/* describeAsSentence */.XL)(reason),
                };
            }
            else {
                const written = await this.write(store, value, time, onWait);
                outcome = written.outcome;
                if (written.rateLimited)
                    reason = "GitHub's rate limit refused an earlier write";
            }
            outcomes.push(outcome);
            onOutcome(outcome);
        }
        return outcomes;
    }
    /** A note for each organization target: who may read the secret once it is written, and why. */
    accessNotes() {
        return this.prepared.flatMap(({ target, access }) => {
            if (!access)
                return [];
            const who = access.visibility === 'selected'
                ? `selected, ${access.selected_repository_ids?.length ?? 0} repositories`
                : access.visibility;
            const why = this.storage.access ? 'as `secret-visibility` says' : 'as it is now';
            return [
                {
                    message: `Secret ${(0,base_text/* untrusted */.bp)(this.storage.name)} of the ${(0,targets/* describeTarget */.ff)(target)}: visibility ${who} (${why}).`,
                },
            ];
        });
    }
    /**
     * Seals the value for the target's key and writes it. Only a success answer makes the target `stored`: another
     * writer may change the secret at any time, so nothing read from it can show that this write landed.
     */
    async write(store, value, time, onWait) {
        const { target } = store;
        const name = this.storage.name;
        const sent = await this.send(store, value, time, onWait);
        if (sent.landed) {
            const message = `Stored the new key in secret ${(0,base_text/* untrusted */.bp)(name)} of the ${(0,targets/* describeTarget */.ff)(target)}.`;
            return { outcome: { target, status: 'stored', message }, rateLimited: false };
        }
        const rateLimited = sent.error instanceof http_errors/* RequestError */.G && sent.error.rateLimited;
        if (!sent.mayHaveLanded)
            return { outcome: failed(target, name, sent.error), rateLimited };
        const hint = ' The write may still have gone through: GitHub never confirmed it, and may still carry it out.';
        return { outcome: { ...failed(target, name, sent.error, hint), status: 'uncertain' }, rateLimited };
    }
    /** Sends the write, and again after no answer or a 5xx: the same sealed value is harmless to write twice. */
    async send(store, value, time, onWait) {
        const body = {
            encrypted_value: Buffer.from(sealedBox(Buffer.from(value, 'utf8'), store.publicKey)).toString('base64'),
            key_id: store.keyId,
            ...store.access,
        };
        // Every failed attempt, in order: whether any may have landed decides what the write's failure means.
        const failures = [];
        const cut = time.attemptCut();
        const attempt = async () => {
            try {
                await this.client.put(store.path, body, time.deadline, cut.signal);
            }
            catch (error) {
                failures.push(error);
                throw error;
            }
        };
        try {
            await (0,retry/* retrying */.R$)(attempt, retry/* RETRY_POLICIES */.qW.github, this.retryOptions(store.target, time, onWait));
            return { landed: true };
        }
        catch (error) {
            const told = cut.signal.aborted
                ? new errors/* ActionError */.lZ("the runner cancelled the step, and GitHub did not answer the write within the runner's grace.")
                : error;
            return { landed: false, error: told, mayHaveLanded: failures.some(mayHaveLanded) };
        }
        finally {
            cut.clear();
        }
    }
    /** How a write is sent again: after GitHub's rules, never once the runner cancelled, each wait told to the log. */
    retryOptions(target, time, onWait) {
        const name = this.storage.name;
        const interrupt = {
            signal: time.stopped,
            stop: (error, _n, delay) => new errors/* ActionError */.lZ(`${(0,messages/* describeRetry */.eV)(error, target)}, and the runner cancelled the step while the write waited ${(0,clock/* formatDuration */.a3)(delay)} to be sent again.`, { cause: error }),
        };
        return {
            clock: time.clock,
            deadline: time.deadline,
            cancelled: () => time.signal !== undefined,
            onRetry: (error, _n, delay) => onWait(`Writing secret ${(0,base_text/* untrusted */.bp)(name)} to the ${(0,targets/* describeTarget */.ff)(target)}: ${(0,messages/* describeRetry */.eV)(error, target)}; trying again in ${(0,clock/* formatDuration */.a3)(delay)}.`),
            interrupt,
        };
    }
}
/**
 * Whether a failed attempt may have landed. A 4xx means GitHub refused it. An attempt that never left (refused at
 * connect, not built, no time left) cannot have landed either. Anything else leaves it open: a 5xx, no answer, a 2xx
 * whose body cannot be read.
 */
function mayHaveLanded(error) {
    return !(error instanceof http_errors/* RequestError */.G) || error.mayHaveReachedServer;
}
/** A target that certainly does not hold the value, and why. */
function failed(target, name, error, hint = '') {
    const request = (0,http_errors/* requestErrorIn */.p)(error);
    const why = error instanceof http_errors/* RequestError */.G ? (0,messages/* describeGitHubError */.dZ)(error, target) : (0,errors/* messageOf */.bD)(error);
    const reference = request?.requestId ? ` (GitHub request id ${(0,base_text/* untrusted */.bp)(request.requestId)})` : '';
    const outcome = {
        target,
        status: 'failed',
        message: `Could not store secret ${(0,base_text/* untrusted */.bp)(name)} in the ${(0,targets/* describeTarget */.ff)(target)}${reference}: ${why}${hint}`,
        reason: (0,messages/* describeAsSentence */.XL)(`${why}${hint}`),
    };
    if (request?.status !== undefined)
        outcome.httpStatus = request.status;
    if (request?.requestId !== undefined)
        outcome.requestId = request.requestId;
    return outcome;
}


/***/ })

};

//# sourceMappingURL=468.index.js.map