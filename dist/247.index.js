export const id = 247;
export const ids = [247];
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

/***/ 8877:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W7: () => (/* binding */ keyNamespaceFor),
/* harmony export */   dH: () => (/* binding */ organizationForProjects),
/* harmony export */   fI: () => (/* binding */ organizationOutput)
/* harmony export */ });
/* harmony import */ var _endpoints_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9214);
/* harmony import */ var _namespace_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3551);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4758);
/* harmony import */ var _ids_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7958);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(766);





/** The most organizations an "ambiguous" error names; a user in more is told how many are left. */
const MAX_NAMED = 10;
/** list-projects: the organization whose projects to list, or undefined when the key's user has none. */
async function organizationForProjects(ctx, given) {
    if (given !== undefined)
        return announce(ctx, given, 'from the `org-id` input');
    const organizations = await (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .listMyOrganizations */ .p2)(ctx.client);
    if (organizations.length === 0) {
        ctx.log.info("The step's key belongs to no organization: listing its user's projects.");
        return undefined;
    }
    if (organizations.length > 1)
        throw ambiguous(organizations);
    const only = organizations[0];
    return announce(ctx, checkedId(only.id, 'GET /users/me/organizations'), `the only organization of the step's key, ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(only.name)}`);
}
/**
 * create-key, rotate-key, revoke-key and list-keys: where their keys live. A project-scoped key
 * belongs to the organization that owns the project.
 */
async function keyNamespaceFor(ctx, scope) {
    if (scope.orgId !== undefined)
        return (0,_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .organizationKeys */ .O$)(announce(ctx, scope.orgId, 'from the `org-id` input'));
    if (scope.projectId === undefined)
        return _namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .PERSONAL_KEYS */ .uV;
    const project = await (0,_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .getProject */ .U1)(ctx.client, scope.projectId);
    if (typeof project.org_id !== 'string') {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`The platform's record of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)} names no organization (org_id), and a project-scoped key belongs to one: ` +
            'set `org-id` to the organization that owns the project.');
    }
    const orgId = checkedId(project.org_id, `GET /projects/${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)}`);
    return (0,_namespace_js__WEBPACK_IMPORTED_MODULE_1__/* .organizationKeys */ .O$)(announce(ctx, orgId, `the owner of project ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(scope.projectId)}`));
}
/** The organization of a namespace, for the `org-id` output: empty for personal keys. */
function organizationOutput(namespace) {
    return namespace.kind === 'organization' ? { 'org-id': namespace.orgId } : {};
}
function announce(ctx, orgId, reason) {
    ctx.log.info(`Organization ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(orgId)}: ${reason}.`);
    return orgId;
}
/** An id from the service goes into paths, outputs and state: it must look like one. */
function checkedId(id, where) {
    if (!_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .PLATFORM_ID */ .Ag.test(id)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`${where} answered ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(id, 80)}, which is not an organization id: set \`org-id\` to the one to use.`);
    }
    return id;
}
function ambiguous(organizations) {
    const named = organizations
        .slice(0, MAX_NAMED)
        .map((o) => `${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(o.name, 80)} (${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(o.id, 80)})`)
        .join(', ');
    const more = organizations.length > MAX_NAMED ? `, and ${organizations.length - MAX_NAMED} more` : '';
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`The step's key is a personal key whose user belongs to ${organizations.length} organizations: ${named}${more}. ` +
        'The platform lists projects one organization at a time: set `org-id` to the id of the one to use.');
}


/***/ }),

/***/ 5247:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runListProjects: () => (/* binding */ runListProjects)
/* harmony export */ });
/* harmony import */ var _api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9214);
/* harmony import */ var _runner_outputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7424);
/* harmony import */ var _api_organization_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8877);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1070);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(766);





/** The most ids of unreadable projects one warning names. */
const MAX_UNAVAILABLE_NAMED = 20;
/** Every project: `projects-file` always holds them all; `projects` and `project-ids` when they fit. */
async function runListProjects(ctx, options) {
    const orgId = await (0,_api_organization_js__WEBPACK_IMPORTED_MODULE_2__/* .organizationForProjects */ .dH)(ctx, options.orgId);
    const { projects, unavailableIds, warning } = await (0,_api_endpoints_js__WEBPACK_IMPORTED_MODULE_0__/* .listAllProjects */ .SB)(ctx.client, { orgId, search: options.search });
    if (warning)
        ctx.log.warning(warning);
    // Never passed off as complete: the heading says so, not only the log.
    const incomplete = unavailableIds.length > 0 ? ', incomplete' : warning !== undefined ? ', may be incomplete' : '';
    ctx.log.info(`Found ${projects.length} project(s)${options.search === undefined ? '' : ` matching ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quoted */ .TL)(options.search)}`}.`);
    const partial = unavailableIds.length > 0 ? describeUnavailable(unavailableIds) : undefined;
    // A partial list is never passed off as complete.
    if (partial)
        ctx.log.warning(partial);
    const json = JSON.stringify(projects);
    // Outputs too large to pass on are left unset on the way out; the file holds every record.
    const path = await (0,_runner_outputs_js__WEBPACK_IMPORTED_MODULE_1__/* .writeListFile */ .ou)(options.fileDir, 'projects', json);
    return {
        outputs: {
            projects: json,
            'project-ids': JSON.stringify(projects.map((p) => p.id)),
            'projects-file': path,
            ...(orgId === undefined ? {} : { 'org-id': orgId }),
        },
        summary: (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .heading */ .R_)(`Projects (${projects.length}${incomplete})`) +
            (warning ? (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .paragraph */ .FY)(warning) : '') +
            (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .tableOf */ .c_)(['id', 'name', 'region', 'Postgres', 'created'], projects, (p) => [{ code: p.id }, p.name, p.region_id, p.pg_version, (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDate */ .Yq)(p.created_at)], { rest: '`projects-file`' }) +
            (partial ? (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .paragraph */ .FY)(partial) : ''),
    };
}
function describeUnavailable(ids) {
    const named = ids
        .slice(0, MAX_UNAVAILABLE_NAMED)
        .map((id) => (0,_base_text_js__WEBPACK_IMPORTED_MODULE_4__/* .untrusted */ .bp)(id, 80))
        .join(', ');
    const more = ids.length > MAX_UNAVAILABLE_NAMED ? `, and ${ids.length - MAX_UNAVAILABLE_NAMED} more` : '';
    return (`The list is incomplete: the platform could not read ${ids.length} project(s) in time (unavailable_project_ids: ${named}${more}). ` +
        'They are not in the outputs; run the step again for a complete list.');
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

//# sourceMappingURL=247.index.js.map