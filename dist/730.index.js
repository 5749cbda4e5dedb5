export const id = 730;
export const ids = [730];
export const modules = {

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
/* harmony import */ var _commands_registry_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8708);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6003);
/* harmony import */ var _runner_outputs_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7424);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(766);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4916);
/* harmony import */ var _base_version_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2301);












/** The main step: settings → command → outputs and summary. The one catch is here. */
async function run() {
    let settings;
    try {
        settings = (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.readStepSettings)((message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(message));
    }
    catch (error) {
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.failStep)('The step', error);
        return;
    }
    finally {
        // After the key is masked; the runner's post step reads it to know it is the post step.
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(_runner_state_js__WEBPACK_IMPORTED_MODULE_10__/* .IS_POST */ .GW, 'true');
    }
    const clock = _base_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .systemClock */ .m;
    const cancellation = (0,_runner_cancellation_js__WEBPACK_IMPORTED_MODULE_3__/* .watchCancellation */ .Zn)({ log: _step_js__WEBPACK_IMPORTED_MODULE_9__.coreLogger, clock });
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`neon-api-action ${_base_version_js__WEBPACK_IMPORTED_MODULE_11__/* .ACTION_VERSION */ .Y}: ${settings.command} on ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_8__/* .untrusted */ .bp)(settings.apiHost)}`);
    let client;
    try {
        client = await (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.openClient)(settings, clock, cancellation.stopped);
        const ctx = {
            client,
            clock,
            log: _step_js__WEBPACK_IMPORTED_MODULE_9__.coreLogger,
            mask: _step_js__WEBPACK_IMPORTED_MODULE_9__.maskSecret,
            notice: (message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .notice */ .lm(message),
            saveState: (name, value) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(name, value),
            cancellation,
        };
        const result = await dispatch(settings, ctx);
        const failedRequest = result.failedRequest ? (0,_runner_context_js__WEBPACK_IMPORTED_MODULE_5__/* .requestFailureOutputs */ .O)(result.failedRequest) : {};
        const { outputs, warnings } = await (0,_runner_outputs_js__WEBPACK_IMPORTED_MODULE_7__/* .boundOutputs */ .JN)({ ...result.outputs, ...failedRequest }, listFileDir(), result.oversized);
        for (const warning of warnings)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(warning);
        for (const [name, value] of Object.entries(outputs))
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(name, value);
        const note = result.failure ? (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.commandFailureNote)(result.failure, result.failedRequest, result.next) : '';
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.writeSummary)(result.summary + note);
        if (result.failure)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(result.failure);
    }
    catch (error) {
        // Before the step fails: a `continue-on-error` step's successors branch on these.
        const failedRequest = (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .requestErrorIn */ .pB)(error);
        if (failedRequest)
            for (const [name, value] of Object.entries((0,_runner_context_js__WEBPACK_IMPORTED_MODULE_5__/* .requestFailureOutputs */ .O)(failedRequest)))
                _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(name, value);
        await (0,_step_js__WEBPACK_IMPORTED_MODULE_9__.failStep)(settings.command, error);
    }
    finally {
        await client?.close();
    }
}
/** Where whole lists are written: the runner's temporary directory, emptied after each job. */
function listFileDir() {
    return process.env.RUNNER_TEMP || (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)();
}
/**
 * Runs the command of the settings through its row of the table; each command's module is a
 * chunk of the bundle of its own, so a step loads only the one it runs.
 */
function dispatch(settings, ctx) {
    // The table's rows are typed by their settings; a step's settings are the union of them all.
    const definition = _commands_registry_js__WEBPACK_IMPORTED_MODULE_6__/* .COMMANDS */ .L[settings.command];
    return definition.run(ctx, settings, { fileDir: listFileDir() });
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


/***/ }),

/***/ 7424:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JN: () => (/* binding */ boundOutputs),
/* harmony export */   _G: () => (/* binding */ OUTPUT_LIMIT_BYTES),
/* harmony export */   gd: () => (/* binding */ ListFileWriter),
/* harmony export */   ki: () => (/* binding */ recordJson),
/* harmony export */   ou: () => (/* binding */ writeListFile)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6466);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_stream_promises__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4758);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(766);
/**
 * Outputs within the runner's limits (runner-facts.md). A step output passed on through `env:`
 * or another action's `with:` fails past 128 KiB (one environment variable), an expression's
 * result is capped at 10 MiB, and GitHub documents 1 MB an output. Every output goes through one
 * gate on its way out (boundOutputs): one over OUTPUT_LIMIT_BYTES is not set, never cut short. A
 * list output (`projects`, `project-ids`, `keys`) always has its whole list in a file of its own
 * under RUNNER_TEMP, whose path is an output too, and the warning names that file; any other
 * output over the limit goes into the `outputs-file`.
 */







/** The new key's output: its value is the one secret an output carries. */
const KEY_OUTPUT = 'key';
/** Largest output, in bytes: half of the 128 KiB one environment variable may hold. */
const OUTPUT_LIMIT_BYTES = 64 * 1024;
/** Whether an output value can be passed on through `env:` or `with:`. */
function fitsOutput(value) {
    return Buffer.byteLength(value, 'utf8') <= OUTPUT_LIMIT_BYTES;
}
function listFilePath(dir, list) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(dir, `neon-${list}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}.json`);
}
function listFileError(list, dir, error) {
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ(`Could not write the ${list} file in ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(dir)} (RUNNER_TEMP): ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .messageOf */ .bD)(error)}`);
}
/** Writes a list's JSON to a file of its own in `dir` (RUNNER_TEMP) and returns the file's path. */
async function writeListFile(dir, list, json) {
    const path = listFilePath(dir, list);
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.writeFile)(path, redactJson(json), { encoding: 'utf8', mode: 0o600 });
    }
    catch (error) {
        throw listFileError(list, dir, error);
    }
    return path;
}
/**
 * A record as JSON for an output or a list file, every secret in its text replaced. Redacting
 * the text of whole JSON instead could run past a value's end: a credential's form (`Bearer …`)
 * takes every printable character up to a space, quotes and brackets included.
 */
function recordJson(record) {
    const json = JSON.stringify(record);
    // Most records hold nothing to replace: one look at the whole text, then each value only if it found one.
    if ((0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .redactSecrets */ .fp)(json) === json)
        return json;
    return JSON.stringify(record, (_key, value) => (typeof value === 'string' ? (0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .redactSecrets */ .fp)(value) : value));
}
/** JSON text with every secret in its string values replaced; text that is not JSON, as text. */
function redactJson(text) {
    // Nothing to replace, as almost always: as it is, unparsed, the only way to keep its exact text.
    const redacted = (0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .redactSecrets */ .fp)(text);
    if (redacted === text)
        return text;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return redacted;
    }
    return recordJson(value);
}
/**
 * A list file written while the list is read, in sections (one per project, in their order),
 * so that the list is never held in memory, and its records keep their order however the
 * sections' records come in: each section goes to a part file of its own as its records come,
 * and finish() joins the parts into one JSON array.
 */
class ListFileWriter {
    path;
    dir;
    list;
    /** The part file of each section that has records, by section. */
    parts = new Map();
    constructor(dir, list) {
        this.dir = dir;
        this.list = list;
        this.path = listFilePath(dir, list);
    }
    /** Appends records (each as recordJson gives it) to a section. */
    async add(section, records) {
        if (records.length === 0)
            return;
        const known = this.parts.get(section);
        const part = known ?? `${this.path}.part-${section}`;
        try {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.appendFile)(part, `${known === undefined ? '' : ','}${records.join(',')}`, { encoding: 'utf8', mode: 0o600 });
        }
        catch (error) {
            throw listFileError(this.list, this.dir, error);
        }
        this.parts.set(section, part);
    }
    /** Joins the sections in order into the list file; returns its path. */
    async finish() {
        const out = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createWriteStream)(this.path, { encoding: 'utf8', mode: 0o600 });
        try {
            const sections = [...this.parts.entries()].sort(([a], [b]) => a - b);
            await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_3__.pipeline)(async function* () {
                yield '[';
                let first = true;
                for (const [, part] of sections) {
                    if (!first)
                        yield ',';
                    first = false;
                    for await (const chunk of (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createReadStream)(part))
                        yield chunk;
                }
                yield ']';
            }, out);
        }
        catch (error) {
            throw listFileError(this.list, this.dir, error);
        }
        finally {
            await this.discardParts();
        }
        return this.path;
    }
    /** Removes what was written: the listing did not finish. */
    async discard() {
        await this.discardParts();
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rm)(this.path, { force: true });
    }
    async discardParts() {
        await Promise.all([...this.parts.values()].map((part) => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rm)(part, { force: true })));
        this.parts.clear();
    }
}
const WHOLE_LIST_FILES = {
    projects: 'projects-file',
    'project-ids': 'projects-file',
    keys: 'keys-file',
    operations: 'operations-file',
};
/**
 * Every output of a step within OUTPUT_LIMIT_BYTES, whatever the platform sent. One that is over
 * is not set, and a warning names it and where its value is: a list output, in the file of the
 * whole list it already has; any other, under its name in one JSON object in a file under `dir`
 * (RUNNER_TEMP) whose path is the `outputs-file` output, a JSON value as JSON and any other as a
 * string. (`key` is never near the limit: a key value over 1,024 characters is refused.)
 */
async function boundOutputs(outputs, dir, oversized = {}) {
    const set = {};
    const spilled = {};
    const over = [];
    /** The list outputs over the limit, by the output naming their whole-list file. */
    const inListFile = new Map();
    const notHeld = (name, bytes) => {
        const listFile = WHOLE_LIST_FILES[name];
        const key = listFile !== undefined && outputs[listFile] !== undefined ? listFile : '';
        inListFile.set(key, [...(inListFile.get(key) ?? []), describeBytes(name, bytes)]);
    };
    for (const [name, given] of Object.entries(outputs)) {
        // A secret the server echoed into a record or a code is no output's business; `key` is the new key itself.
        const value = name === KEY_OUTPUT ? given : redactJson(given);
        const listFile = WHOLE_LIST_FILES[name];
        if (fitsOutput(value))
            set[name] = value;
        else if (listFile !== undefined && outputs[listFile] !== undefined)
            notHeld(name, Buffer.byteLength(value, 'utf8'));
        else {
            spilled[name] = asJson(value);
            over.push(describeSize(name, value));
        }
    }
    // Outputs the command did not hold, knowing them over the limit: only their size is known.
    for (const [name, bytes] of Object.entries(oversized))
        notHeld(name, bytes);
    const limit = `over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:.`;
    const warnings = [];
    for (const [listFile, names] of inListFile) {
        const where = listFile
            ? ` Every record is in the file named by the \`${listFile}\` output: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(outputs[listFile] ?? '', 1000)}`
            : '';
        warnings.push(`Not set: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(names.join(' and '), Number.POSITIVE_INFINITY)}, ${limit}${where}`);
    }
    if (over.length > 0) {
        let where;
        try {
            const path = await writeListFile(dir, 'outputs', JSON.stringify(spilled));
            set['outputs-file'] = path;
            where =
                over.length === 1
                    ? `Its value is in the JSON file named by the \`outputs-file\` output, under its name: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(path, 1000)}`
                    : `Their values are in the JSON file named by the \`outputs-file\` output, each under its name: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(path, 1000)}`;
        }
        catch (error) {
            where = (0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .messageOf */ .bD)(error);
        }
        warnings.push(`Not set: ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(over.join(' and '), Number.POSITIVE_INFINITY)}, ${limit} ${where}`);
    }
    return { outputs: set, warnings };
}
function describeSize(name, value) {
    return describeBytes(name, Buffer.byteLength(value, 'utf8'));
}
function describeBytes(name, bytes) {
    return `\`${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_6__/* .untrusted */ .bp)(name)}\` (${bytes} bytes)`;
}
function asJson(value) {
    try {
        return JSON.parse(value);
    }
    catch {
        return value;
    }
}


/***/ })

};

//# sourceMappingURL=730.index.js.map