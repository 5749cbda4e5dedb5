export const id = 560;
export const ids = [560];
export const modules = {

/***/ 3551:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FG: () => (/* binding */ revokeKeyIn),
/* harmony export */   I_: () => (/* binding */ listKeysIn),
/* harmony export */   Jp: () => (/* binding */ RevocationUnconfirmed),
/* harmony export */   O$: () => (/* binding */ organizationKeys),
/* harmony export */   Od: () => (/* binding */ scopeOf),
/* harmony export */   h3: () => (/* binding */ createKeyIn),
/* harmony export */   uV: () => (/* binding */ PERSONAL_KEYS)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _endpoints_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9214);


const PERSONAL_KEYS = { kind: 'personal' };
function organizationKeys(orgId) {
    return { kind: 'organization', orgId };
}
/** Creates a key; with `projectId` a project-scoped key, which only an organization holds. */
function createKeyIn(client, namespace, name, projectId) {
    if (namespace.kind === 'organization')
        return (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .createOrgApiKey */ .YU)(client, namespace.orgId, name, projectId);
    if (projectId !== undefined)
        throw new Error('a project-scoped key belongs to an organization');
    return (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .createApiKey */ .Iq)(client, name);
}
function listKeysIn(client, namespace) {
    return namespace.kind === 'organization' ? (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .listOrgApiKeys */ .jg)(client, namespace.orgId) : (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .listApiKeys */ .d5)(client);
}
/** A revocation the platform answered without confirming it: the key may or may not be revoked. */
class RevocationUnconfirmed extends _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    constructor(message) {
        super(message);
        this.name = 'RevocationUnconfirmed';
    }
}
/**
 * Revokes a key, and fails unless the answer confirms it (`revoked: true`, for the key asked): a
 * key is never reported revoked on less.
 */
async function revokeKeyIn(client, namespace, id) {
    const answer = await (namespace.kind === 'organization' ? (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .revokeOrgApiKey */ .C0)(client, namespace.orgId, id) : (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_1__/* .revokeApiKey */ .mA)(client, id));
    if (answer.id !== id) {
        throw new RevocationUnconfirmed(`The platform answered the revocation of API key ${id} with a record of API key ${answer.id}: whether key ${id} was revoked is not known, ` +
            `and key ${answer.id} may have been revoked instead. Check both with list-keys.`);
    }
    if (!answer.revoked) {
        throw new RevocationUnconfirmed(`The platform answered the revocation of API key ${id} without confirming it (no \`revoked: true\`): the key may still be valid. Check it with list-keys, and revoke it again.`);
    }
    return answer;
}
function scopeOf(namespace, key) {
    if (namespace.kind === 'personal')
        return 'personal';
    return key.project_id ? 'project' : 'organization';
}


/***/ }),

/***/ 4299:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gt: () => (/* binding */ lostKeyAmong),
/* harmony export */   Nc: () => (/* binding */ sameKind),
/* harmony export */   SC: () => (/* binding */ readLedger),
/* harmony export */   Sh: () => (/* binding */ describeIds),
/* harmony export */   mb: () => (/* binding */ MAX_KNOWN_KEYS),
/* harmony export */   tA: () => (/* binding */ KeyLedger),
/* harmony export */   vU: () => (/* binding */ describeStrangers)
/* harmony export */ });
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);

/**
 * At most this many keys of one name are remembered (about 10 kB of state). A name with more is
 * refused before any key is created: the post step could not tell a new key among them.
 */
const MAX_KNOWN_KEYS = 1000;
/**
 * The rule every clean-up follows. A stranger is a valid key of the ledger's name that the step
 * neither found before the create nor was told of by an answer. One stranger that was never used
 * is the step's own lost key: nobody else can have its value. More than one, or one in use, and
 * none is the step's to revoke.
 */
function lostKeyAmong(strangers) {
    return strangers.length === 1 && strangers[0].last_used_at === null ? strangers[0] : undefined;
}
/** Ids named in one message; the rest are counted. */
const MAX_NAMED_IDS = 10;
/** "keys 1, 2 and 3 more": ids for a message. */
function describeIds(ids) {
    if (ids.length === 0)
        return 'none';
    const shown = ids.slice(0, MAX_NAMED_IDS);
    const more = ids.length > MAX_NAMED_IDS ? ` and ${ids.length - MAX_NAMED_IDS} more` : '';
    return `${shown.length === 1 ? 'key' : 'keys'} ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`;
}
/** "100, 101 (in use)": strangers for a message. */
function describeStrangers(keys) {
    const shown = keys.slice(0, MAX_NAMED_IDS).map((k) => `${k.id}${k.last_used_at !== null ? ' (in use)' : ''}`);
    const more = keys.length > MAX_NAMED_IDS ? ` and ${keys.length - MAX_NAMED_IDS} more` : '';
    return `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`;
}
/** Same name, same namespace (the list is of one), same project: a key of this ledger's kind. */
function sameKind(key, name, projectId) {
    return key.name === name && (key.project_id ?? undefined) === projectId;
}
/** The main step's side: the record, kept in step with the saved state. */
class KeyLedger {
    name;
    target;
    save;
    known;
    pending = new Set();
    revoked = new Set();
    /** An attempt's answer was lost and its key has not been found: it may still appear. */
    unresolved = false;
    constructor(save, name, target, before) {
        this.save = save;
        this.name = name;
        this.target = target;
        this.known = new Set(before.filter((k) => sameKind(k, name, target.projectId)).map((k) => k.id));
    }
    /** Ids of the keys of that name present before the create. */
    get before() {
        return [...this.known];
    }
    /** A key of that name that this step neither found before nor made itself (as far as answers told). */
    isStranger(key) {
        return (sameKind(key, this.name, this.target.projectId) && !this.known.has(key.id) && !this.pending.has(key.id) && !this.revoked.has(key.id));
    }
    /** A new key arrived: until it is handed out, the post step revokes it. */
    created(id) {
        this.pending.add(id);
        this.write();
    }
    /** The key is stored, or about to be in an output: the post step leaves it alone. */
    handedOut(id) {
        this.pending.delete(id);
        this.known.add(id);
        this.write();
    }
    /**
     * The key was to be handed out, and was not after all (no secret target took it): until it is
     * revoked, the post step revokes it again.
     */
    notHandedOut(id) {
        this.known.delete(id);
        this.pending.add(id);
        this.write();
    }
    /** The key is revoked: nothing is left to do about it. */
    gone(id) {
        this.pending.delete(id);
        this.revoked.add(id);
        this.write();
    }
    /**
     * The step is done with its keys. With nothing unresolved the post step has nothing to look
     * for; otherwise it looks once more, for a key a lost attempt made late.
     */
    settle() {
        if (this.unresolved || this.pending.size > 0)
            this.write();
        else
            this.save('');
    }
    write() {
        const record = { name: this.name, known: [...this.known], pending: [...this.pending] };
        if (this.target.namespace.kind === 'organization')
            record.org = this.target.namespace.orgId;
        // Stryker disable next-line ConditionalExpression: equivalent; JSON.stringify leaves out a field set to undefined
        if (this.target.projectId !== undefined)
            record.project = this.target.projectId;
        this.save(JSON.stringify(record));
    }
}
/** The record saved by the main step, or undefined when there is none (or it cannot be read). */
function readLedger(text) {
    if (!text)
        return undefined;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return undefined;
    }
    if (typeof value !== 'object' || value === null)
        return undefined;
    const record = value;
    const ids = (list) => Array.isArray(list) && list.every((id) => Number.isSafeInteger(id)) ? list : undefined;
    const known = ids(record.known);
    const pending = ids(record.pending);
    if (typeof record.name !== 'string' || !known || !pending)
        return undefined;
    const read = { name: record.name, known, pending };
    if (typeof record.org === 'string')
        read.org = record.org;
    if (typeof record.project === 'string')
        read.project = record.project;
    return read;
}


/***/ }),

/***/ 3142:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IZ: () => (/* binding */ revokeKeyIds),
/* harmony export */   Nz: () => (/* binding */ revokeInTurn),
/* harmony export */   Tg: () => (/* binding */ alreadyRevoked),
/* harmony export */   gA: () => (/* binding */ describeRevocationFailure),
/* harmony export */   qM: () => (/* binding */ revocationRows)
/* harmony export */ });
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8549);
/* harmony import */ var _api_namespace_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3551);
/* harmony import */ var _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2323);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4758);





/**
 * Revoking keys one by one: what revoke-key, prune-keys, rotate-key and the post step share.
 * The post step loads this module, not the commands': keep it small.
 */
/**
 * A 404 to revoking a key the step saw listed, or made: someone else (a person, a late post step,
 * another run) revoked it meanwhile, which is what was wanted. Only a `key-id` as given, which no
 * list showed, is not found because the id may be wrong.
 */
function alreadyRevoked(error) {
    return error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RequestError */ .GI && error.status === 404;
}
/**
 * Revokes keys one by one, until one fails. From the first one on, a signal of the runner lets
 * the revocation in flight finish (and says meanwhile that it may or may not take effect), and
 * no other starts: the result tells, key by key, what was done.
 */
async function revokeInTurn(ctx, ids, namespace, options = {}) {
    const cancellation = ctx.cancellation ?? _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_2__/* .NOT_CANCELLABLE */ .vc;
    if (ids.length > 0)
        cancellation.hold();
    const run = { revoked: [], alreadyRevoked: [], notTried: [] };
    for (const [i, id] of ids.entries()) {
        let settled = () => undefined;
        try {
            cancellation.checkpoint(`revoke API key ${id}`);
            settled = cancellation.inFlight(`the revocation of API key ${id}`);
            await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .revokeKeyIn */ .FG)(ctx.client, namespace, id);
            run.revoked.push(id);
            if (options.revoked)
                options.revoked(id);
            else
                ctx.log.info(`Revoked API key ${id}.`);
        }
        catch (error) {
            if (alreadyRevoked(error) && !options.unlisted?.includes(id)) {
                run.alreadyRevoked.push(id);
                if (options.alreadyRevoked)
                    options.alreadyRevoked(id);
                else
                    ctx.log.info(`API key ${id} was already revoked.`);
                continue;
            }
            return { ...run, failed: { id, error, uncertain: mayHaveTakenEffect(error) }, notTried: ids.slice(i + 1) };
        }
        finally {
            settled();
        }
    }
    return run;
}
/** Whether a failed revocation may have revoked the key all the same. */
function mayHaveTakenEffect(error) {
    if (error instanceof _api_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .RevocationUnconfirmed */ .Jp)
        return true;
    return error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RequestError */ .GI && (error.mayHaveReachedServer || error.earlierAttemptUncertain);
}
/** Revokes keys one by one; on a failure, reports what was revoked before it. `unlisted`: see revokeInTurn. */
async function revokeKeyIds(ctx, ids, namespace, unlisted) {
    const run = await revokeInTurn(ctx, ids, namespace, { unlisted });
    const done = { revoked: run.revoked, alreadyRevoked: run.alreadyRevoked };
    if (!run.failed)
        return done;
    return { ...done, failure: describeRevocationFailure(run), failedRequest: (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .requestErrorIn */ .pB)(run.failed.error) };
}
/** Why the run stopped, and what it had revoked. */
function describeRevocationFailure(run) {
    const done = run.revoked.length ? ` Already revoked: ${run.revoked.join(', ')}.` : '';
    return `${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(run.failed?.error)}${done}`;
}
/** What became of each key a run was to revoke, for a summary table. */
function revocationRows(ids, run) {
    return ids.map((id) => {
        let outcome = 'not revoked';
        if (run.revoked.includes(id))
            outcome = 'revoked';
        else if (run.alreadyRevoked.includes(id))
            outcome = 'revoked by someone else meanwhile';
        else if (run.failed?.id === id && run.failed.uncertain)
            outcome = 'may or may not be revoked: check it with list-keys';
        return [{ code: String(id) }, outcome];
    });
}


/***/ }),

/***/ 2811:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PT: () => (/* binding */ listKeysMerged),
/* harmony export */   Z2: () => (/* binding */ readKeysAndOwnKey),
/* harmony export */   aQ: () => (/* binding */ readTime),
/* harmony export */   c$: () => (/* binding */ mayBeOwnKey),
/* harmony export */   xk: () => (/* binding */ lastUseOf)
/* harmony export */ });
/* unused harmony exports USE_CLOCK_SKEW_MS, mergeById, findOwnKey */
/* harmony import */ var _api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9214);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _api_namespace_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3551);



/**
 * What a key list says about each key's use, read on the safe side: a time the action cannot
 * read counts as a use now, a key listed twice is one key (its most recent use and creation),
 * and the step's own key is told apart only by a use during the step. Every command that
 * decides by what the list says (prune-keys, revoke-key by name, rotate-key, the clean-ups and
 * the post step) lists the keys here.
 */
/**
 * The step's key is the one whose last use is this step's own requests. The platform's clock and
 * the runner's may differ a little, so a use from this long before the step's first request counts.
 */
const USE_CLOCK_SKEW_MS = 60_000;
/** The service's timestamps: ISO 8601 with a zone, seconds and an optional fraction. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/**
 * A timestamp of the service in ms since the epoch; NaN for any other text. Date.parse alone
 * would read "60" as 1960 and "1" as 2001.
 */
function readTime(text) {
    return TIMESTAMP.test(text) ? Date.parse(text) : Number.NaN;
}
/** When the key was last used: null when never, NaN when the list says something the action cannot read (a use now). */
function lastUseOf(key) {
    return key.last_used_at === null ? null : readTime(key.last_used_at);
}
/**
 * One record per key id, in the order first listed: a key listed twice keeps the most recent use
 * and creation of its copies (an unreadable one wins, as a use now), and copies that disagree on
 * the name or the project read as in use, since the action cannot tell which copy is right.
 */
function mergeById(keys) {
    const merged = new Map();
    for (const key of keys) {
        const seen = merged.get(key.id);
        if (!seen) {
            merged.set(key.id, key);
            continue;
        }
        const conflict = seen.name !== key.name || (seen.project_id ?? '') !== (key.project_id ?? '');
        const lastUse = conflict ? 'copies that disagree' : later(seen.last_used_at, key.last_used_at);
        const fromAddr = lastUse === key.last_used_at ? key.last_used_from_addr : seen.last_used_from_addr;
        merged.set(key.id, {
            ...seen,
            created_at: later(seen.created_at, key.created_at),
            last_used_at: lastUse,
            last_used_from_addr: fromAddr,
        });
    }
    return [...merged.values()];
}
/** The keys of a namespace, one record per key (see mergeById). */
async function listKeysMerged(client, namespace) {
    return mergeById(await (0,_api_namespace_js__WEBPACK_IMPORTED_MODULE_2__/* .listKeysIn */ .I_)(client, namespace));
}
/**
 * The opening of a command that revokes keys by the list: the step's first request is timed,
 * the key's kind read, the keys listed, and the step's own key found among them.
 */
async function readKeysAndOwnKey(client, clock, namespace) {
    const stepStarted = clock.now();
    const auth = await (0,_api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .getAuth */ .xI)(client);
    const keys = await listKeysMerged(client, namespace);
    return { keys, own: findOwnKey(keys, namespace, auth, stepStarted - USE_CLOCK_SKEW_MS), stepStarted };
}
/** The later of two times as listed: null is never, unreadable text is now. */
function later(a, b) {
    if (a === null || b === null)
        return a ?? b;
    const [x, y] = [readTime(a), readTime(b)];
    if (Number.isNaN(x))
        return a;
    if (Number.isNaN(y))
        return b;
    return y > x ? b : a;
}
/**
 * The step's key lives among these keys when it is a personal key and they are personal keys,
 * or when it is a key of the organization whose keys they are. A kind of key the action does not
 * know may be among any of them. `since`: the step's first request, less USE_CLOCK_SKEW_MS.
 */
function findOwnKey(keys, namespace, auth, since) {
    if (auth.authMethod === 'api_key_user' && namespace.kind === 'organization') {
        return { kind: 'elsewhere', where: `a personal key: it is not among the keys of organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(namespace.orgId)}` };
    }
    if (auth.authMethod === 'api_key_org' && (namespace.kind === 'personal' || namespace.orgId !== auth.accountId)) {
        return { kind: 'elsewhere', where: 'an organization key: it is not among these keys' };
    }
    // An unreadable last use counts as a use now: such a key is never taken for unused.
    const ids = keys.filter((k) => {
        const used = lastUseOf(k);
        return used !== null && !(used < since);
    });
    return ids.length > 0 ? { kind: 'found', ids: ids.map((k) => k.id) } : { kind: 'unknown' };
}
/** Whether `key` may be the step's own key. `stepStarted`: the step's first request, on the runner's clock. */
function mayBeOwnKey(key, own, stepStarted) {
    switch (own.kind) {
        case 'elsewhere':
            return false;
        case 'found':
            return own.ids.includes(key.id);
        case 'unknown':
            // The step's key was made before the step began; an unreadable creation may be any time.
            return !(readTime(key.created_at) > stepStarted + USE_CLOCK_SKEW_MS);
    }
}


/***/ }),

/***/ 2323:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EI: () => (/* binding */ StepCancelled),
/* harmony export */   Zn: () => (/* binding */ watchCancellation),
/* harmony export */   vc: () => (/* binding */ NOT_CANCELLABLE)
/* harmony export */ });
/* unused harmony export CANCEL_GRACE_MS */
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4758);


/**
 * Cancellation of the main step. The runner cancels a step with SIGINT (Ctrl+C on Windows), sends
 * SIGTERM (Ctrl+Break on Windows, which Node reports as SIGBREAK) about 7.5 s later, and kills it
 * about 2.5 s after that; Node exits at once on SIGINT unless a handler is installed. That is right while the step holds nothing, and wrong while a new key
 * exists that only this step knows of: from just before a create is sent until the key is handed
 * out (stored, or in an output) or revoked. For that span the step calls `hold()`. A signal then
 * only marks the step cancelled: it starts no new work (`checkpoint()` throws), and finishes or
 * undoes what is in flight within the runner's grace (`undoDeadline()`); every wait for a retry
 * or a rate limit ends at the signal (`stopped`).
 */
/** SIGINT to the kill is about 10 s: undo work after a signal must be over before then. */
const CANCEL_GRACE_MS = 9_000;
/** The step stopped because the runner cancelled it; what was undone is in the message. */
class StepCancelled extends _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ {
    constructor(message) {
        super(message);
        this.name = 'StepCancelled';
    }
}
const RUNNER_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'];
/** For a step that holds no key, and for tests: signals keep Node's default, nothing is ever cancelled. */
const NOT_CANCELLABLE = {
    signal: undefined,
    stopped: new AbortController().signal,
    hold: () => undefined,
    checkpoint: () => undefined,
    undoDeadline: (usual) => usual,
    inFlight: () => () => undefined,
    afterSignal: () => ({ signal: new AbortController().signal, clear: () => undefined }),
};
function watchCancellation(options) {
    const { log, clock } = options;
    let signal;
    let cancelledAt = Number.POSITIVE_INFINITY;
    let holding = false;
    let requestInFlight;
    /** Timers that start with the first signal (afterSignal). */
    const onFirstSignal = new Set();
    const stop = new AbortController();
    const onSignal = (name) => {
        if (signal === undefined) {
            signal = name;
            cancelledAt = clock.now();
            for (const start of onFirstSignal)
                start();
            onFirstSignal.clear();
            log.warning(requestInFlight === undefined
                ? `The runner cancelled the step (${name}): it starts nothing new, and finishes or undoes the key work in flight before it stops.`
                : `The runner cancelled the step (${name}) during ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(requestInFlight)}, which may or may not take effect: ` +
                    'the step starts nothing new, waits for its answer, and says which.');
            stop.abort();
        }
        else {
            log.warning(`${name}: the runner stops the step in a moment.`);
        }
    };
    return {
        get signal() {
            return signal;
        },
        stopped: stop.signal,
        hold() {
            if (holding)
                return;
            holding = true;
            const source = options.signals ?? process;
            for (const name of RUNNER_SIGNALS)
                source.on(name, () => onSignal(name));
        },
        checkpoint(work) {
            if (signal !== undefined)
                throw new StepCancelled(`The runner cancelled the step (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(signal)}) before it could ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .untrusted */ .bp)(work)}.`);
        },
        undoDeadline(usual) {
            return Math.min(usual, cancelledAt + CANCEL_GRACE_MS);
        },
        inFlight(request) {
            requestInFlight = request;
            return () => {
                if (requestInFlight === request)
                    requestInFlight = undefined;
            };
        },
        afterSignal(ms) {
            const controller = new AbortController();
            let timer;
            const start = () => {
                timer = clock.deadline(cancelledAt + ms - clock.now());
                timer.signal.addEventListener('abort', () => controller.abort(), { once: true });
            };
            if (signal === undefined)
                onFirstSignal.add(start);
            else
                start();
            return {
                signal: controller.signal,
                clear: () => {
                    onFirstSignal.delete(start);
                    timer?.clear();
                },
            };
        },
    };
}


/***/ })

};

//# sourceMappingURL=560.index.js.map