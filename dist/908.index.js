export const id = 908;
export const ids = [908,614];
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

/***/ 6908:
/***/ ((module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
__webpack_require__.r(__webpack_exports__);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(766);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6003);


/**
 * The post step's entry (action.yml `runs.post`). The runner runs it after every use of the action, and mostly it has
 * nothing to do. Only create-key and rotate-key leave work for it: a job-scoped key to revoke, or a create or a
 * rotation cut short. Their saved state says so. Any other command saves no state, so a `STATE_*` variable in its
 * post step was planted by an earlier step (the runner copies `$GITHUB_ENV` into every later step): each one is named
 * in a warning and left alone. The toolkit and the rest of the action load only when there is work.
 */
const KEY_COMMANDS = new Set(['create-key', 'rotate-key']);
const command = (process.env.INPUT_COMMAND ?? '').trim();
try {
    if (KEY_COMMANDS.has(command)) {
        if ((0,_runner_state_js__WEBPACK_IMPORTED_MODULE_1__/* .postStepHasWork */ .OR)())
            await (await Promise.all(/* import() */[__webpack_require__.e(421), __webpack_require__.e(916), __webpack_require__.e(661)]).then(__webpack_require__.bind(__webpack_require__, 6661))).run();
    }
    else {
        for (const name of Object.keys(process.env).filter((n) => n.startsWith('STATE_')))
            warnOfPlanted(name);
    }
}
catch (error) {
    await (await Promise.all(/* import() */[__webpack_require__.e(421), __webpack_require__.e(916)]).then(__webpack_require__.bind(__webpack_require__, 4916))).failStep('The post step', error);
}
/** A warning, as the toolkit writes one: `%`, CR and LF escaped, so the text is data the runner shows as it is. */
function warnOfPlanted(variable) {
    const message = `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .quoted */ .TL)(variable, 100)} is set, but this command (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_0__/* .quoted */ .TL)(command, 40)}) saves no state: ` +
        'an earlier step of the job set it. The post step left it alone.';
    process.stdout.write(`::warning::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

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

//# sourceMappingURL=908.index.js.map