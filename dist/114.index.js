export const id = 114;
export const ids = [114,614];
export const modules = {

/***/ 766:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kg: () => (/* binding */ hasControlCharacters),
/* harmony export */   NC: () => (/* binding */ isPrintableToken),
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   bp: () => (/* binding */ untrusted),
/* harmony export */   cl: () => (/* binding */ registerSecret),
/* harmony export */   dV: () => (/* binding */ mayHoldSecret),
/* harmony export */   fp: () => (/* binding */ redactSecrets)
/* harmony export */ });
/* unused harmony export MAX_UNTRUSTED_LENGTH */
/**
 * Text from outside (the service's records and messages, free-text inputs) is data, but the runner reads the log as
 * commands: `::` at a line's start, `##[` anywhere. `untrusted()` is the one way such text reaches the log: on one
 * line, without a command, bounded, secrets redacted (docs/audit.md). The lint rule `local/outside-text` enforces it.
 */
const MAX_UNTRUSTED_LENGTH = 200;
// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL = new RegExp(CONTROL_CHARACTER.source, 'g');
const ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** Invisible, but enough to stop the runner seeing `::` or `##[`. */
const BREAK = '\u200b';
/** Secrets are redacted before the cut, so a cut never shows a piece of one. Controls show as escapes (`\n`). */
function oneLine(text, max) {
    return cut(redactSecrets(text, { pieces: true }), max).replace(CONTROL, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/**
 * Never shown, wherever they come back from. The runner masks only whole values, and a server's echo of one, cut
 * short, would show the rest.
 */
const secrets = [];
/** Replacing shorter values would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;
/** A piece this long, anywhere in a text, counts as the secret: an echo cut short. */
const SECRET_PIECE = 12;
/** At a text's start or end, where it was cut, a piece this long counts too. */
const SECRET_EDGE = 6;
const REDACTED = '***';
/**
 * Credentials by their form, whoever's they are. After `Basic` or `token`, only a value with a digit among letters,
 * which prose never has.
 */
const CREDENTIAL_FORMS = [
    [/\b(Bearer)(\s+)[\x21-\x7e]+/gi, `$1$2${REDACTED}`],
    [
        /\b(Basic|token)(\s+|=|:\s*)(?=[A-Za-z0-9._~+/=-]*\d)(?=[A-Za-z0-9._~+/=-]*[A-Za-z])[A-Za-z0-9._~+/=-]{8,}/gi,
        `$1$2${REDACTED}`,
    ],
    [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, REDACTED],
];
/**
 * Each secret's SECRET_EDGE-long pieces at multiples of SECRET_EDGE, and its last SECRET_EDGE characters. Every part
 * that redactSecrets replaces holds one, so mayHoldSecret needs only a few searches.
 */
const tells = [];
/** Every credential form starts with one; most texts have none. */
const CREDENTIAL_WORD = /bearer|basic|token|gh[pousr]_|github_pat_/i;
/** Replaced with `***` in every text the step shows. */
function registerSecret(value) {
    if (value.length < MIN_SECRET_LENGTH || secrets.includes(value))
        return;
    secrets.push(value);
    // Longest first: a secret that holds another is replaced whole.
    secrets.sort((a, b) => b.length - a.length);
    const aligned = [];
    for (let i = 0; i + SECRET_EDGE <= value.length; i += SECRET_EDGE)
        aligned.push(value.slice(i, i + SECRET_EDGE));
    if (value.length % SECRET_EDGE !== 0)
        aligned.push(value.slice(-SECRET_EDGE));
    tells.push({ aligned });
}
/** Runs for every line the step prints, so it does only a few native searches. */
function mayHoldSecret(text) {
    return tells.some(({ aligned }) => aligned.some((tell) => text.includes(tell)));
}
/**
 * With `pieces`, also any part of a secret of SECRET_PIECE characters or more, and a shorter one at the start or end:
 * for texts that the action or a server may have cut (log lines, summaries, outputs).
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
/** `oneLine()`, then a zero-width space breaks a leading `::` and every `##[`. */
function untrusted(text, max = MAX_UNTRUSTED_LENGTH) {
    return oneLine(text, max)
        .replace(/##\[/g, `#${BREAK}#[`)
        .replace(/^(\s*):(?=:)/, `$1:${BREAK}`);
}
/** For names and messages inside a sentence. */
function quoted(text, max = MAX_UNTRUSTED_LENGTH) {
    return `"${untrusted(text, max).replace(/"/g, '\\"')}"`;
}
/** Counts code points, so it never splits a pair. */
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
function hasControlCharacters(text) {
    return CONTROL_CHARACTER.test(text);
}
/** A key or token goes in a header. */
const PRINTABLE_TOKEN = /^[\x21-\x7e]+$/;
function isPrintableToken(text, max = Number.POSITIVE_INFINITY) {
    return text.length <= max && PRINTABLE_TOKEN.test(text);
}


/***/ }),

/***/ 1730:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6421);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8549);
/* harmony import */ var _runner_cancellation_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2323);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6412);
/* harmony import */ var _runner_context_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1953);
/* harmony import */ var _commands_registry_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4473);
/* harmony import */ var _runner_outputs_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7424);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(766);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4916);
/* harmony import */ var _base_version_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2301);











/** The main step: read the settings, run the command, then write the outputs and the summary. The one catch is here. */
async function run() {
    let settings;
    try {
        settings = (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.readStepSettings)((message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(message));
    }
    catch (error) {
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.failStep)('The step', error);
        return;
    }
    const clock = _base_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .systemClock */ .m;
    const cancellation = (0,_runner_cancellation_js__WEBPACK_IMPORTED_MODULE_3__/* .watchCancellation */ .Zn)({ log: _step_js__WEBPACK_IMPORTED_MODULE_9__.coreLogger, clock });
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`neon-api-action ${_base_version_js__WEBPACK_IMPORTED_MODULE_10__/* .ACTION_VERSION */ .Y}: ${settings.command} on ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_8__/* .untrusted */ .bp)(settings.apiHost)}`);
    let client;
    try {
        client = (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.openClient)(settings, clock, cancellation);
        const ctx = {
            client,
            clock,
            log: _step_js__WEBPACK_IMPORTED_MODULE_9__.coreLogger,
            mask: _step_js__WEBPACK_IMPORTED_MODULE_9__.maskSecret,
            notice: (message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .notice */ .lm(message),
            saveState: (name, value) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(name, value),
            fileDir: listFileDir(),
            cancellation,
            docs: (0,_runner_context_js__WEBPACK_IMPORTED_MODULE_5__/* .actionDocs */ .A1)(process.env),
        };
        const result = await dispatch(settings, ctx);
        const failedRequest = result.failedRequest ? (0,_runner_context_js__WEBPACK_IMPORTED_MODULE_5__/* .requestFailureOutputs */ .OP)(result.failedRequest) : {};
        const { outputs, warnings, notes } = await (0,_runner_outputs_js__WEBPACK_IMPORTED_MODULE_7__/* .boundOutputs */ .JN)({ ...result.outputs, ...failedRequest }, listFileDir(), result.oversized);
        for (const message of notes)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(message);
        for (const warning of warnings)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(warning);
        for (const [name, value] of Object.entries(outputs))
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(name, value);
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.writeSummary)((0,_step_js__WEBPACK_IMPORTED_MODULE_9__.commandSummary)(result));
        if (result.failure)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(result.failure);
    }
    catch (error) {
        // Set these outputs before the step fails: the steps after a `continue-on-error` step branch on them.
        const failedRequest = (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .requestErrorIn */ .p)(error);
        if (failedRequest)
            for (const [name, value] of Object.entries((0,_runner_context_js__WEBPACK_IMPORTED_MODULE_5__/* .requestFailureOutputs */ .OP)(failedRequest)))
                _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(name, value);
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.failStep)(settings.command, error);
    }
    finally {
        // Every connection ends here, even a connect still hanging on a silent server or proxy.
        await client?.connections.close();
    }
}
/** Where whole lists are written: the runner's temporary directory, emptied after each job. */
function listFileDir() {
    return process.env.RUNNER_TEMP || (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)();
}
/** Runs the settings' command through its row of COMMANDS. */
function dispatch(settings, ctx) {
    // Each row of the table has its own settings type. A step's settings are the union of them all.
    const definition = _commands_registry_js__WEBPACK_IMPORTED_MODULE_6__/* .COMMANDS */ .Lo[settings.command];
    return definition.run(ctx, settings);
}


/***/ }),

/***/ 6003:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gi: () => (/* binding */ UNSETTLED_KEYS),
/* harmony export */   OR: () => (/* binding */ postStepHasWork),
/* harmony export */   OW: () => (/* binding */ JOB_KEY_ID)
/* harmony export */ });
/**
 * Everything the main step hands to the post step, in one place. The runner gives saved state
 * back to the post step as `STATE_<name>`. A key value is never saved here. Only create-key and
 * rotate-key save state, and the main step never reads it. An earlier step of the job can plant a
 * `STATE_*` variable, so the post step trusts it no further than its own inputs confirm
 * (post-entry.ts, post.ts).
 */
/**
 * The id of a job-scoped key that create-key made with `revoke-after-job: true`. The post step revokes it in the
 * namespace its inputs give, and only when the key's name is one its inputs make.
 */
const JOB_KEY_ID = 'job-scoped-key-id';
/**
 * What the post step needs to find a key the main step left valid (keys/ledger.ts). create-key and rotate-key save it
 * before a create is sent, and clear it ('') once they are done with their keys.
 */
const UNSETTLED_KEYS = 'unsettled-keys';
/**
 * One value of the main step's saved state, read from `STATE_<name>` without the toolkit. The post step's entry uses
 * it to tell whether it has work, at no start-up cost.
 */
function savedState(name, env = process.env) {
    return env[`STATE_${name}`] ?? '';
}
/** Whether the post step has anything to do, from the saved state alone. */
function postStepHasWork(read = savedState) {
    return read(JOB_KEY_ID) !== '' || read(UNSETTLED_KEYS) !== '';
}


/***/ })

};

//# sourceMappingURL=114.index.js.map