export const id = 750;
export const ids = [750];
export const modules = {

/***/ 750:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runCreateKey: () => (/* binding */ runCreateKey)
/* harmony export */ });
/* harmony import */ var _api_organization_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8877);
/* harmony import */ var _base_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(766);
/* harmony import */ var _keys_creation_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1003);
/* harmony import */ var _keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8121);
/* harmony import */ var _runner_state_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6003);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1070);






async function runCreateKey(ctx, options) {
    const target = await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_2__/* .keyTargetFor */ .oZ)(ctx, options);
    const name = options.expiresInMs === undefined ? options.keyName : (0,_keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__/* .withExpiry */ .MC)(options.keyName, ctx.clock.now() + options.expiresInMs);
    // As prune-keys will read it: rounded up to the minute.
    const expiresAt = (0,_keys_expiry_js__WEBPACK_IMPORTED_MODULE_3__/* .expiryOf */ .p1)(name);
    const { ledger } = await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_2__/* .openLedger */ .au)(ctx, name, target);
    const created = await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_2__/* .createKeyOnce */ .N)(ctx, ledger);
    if (options.revokeAfterJob) {
        // The post step revokes through the same namespace: it needs the organization, never the value.
        if (target.namespace.kind === 'organization')
            ctx.saveState(_runner_state_js__WEBPACK_IMPORTED_MODULE_5__/* .JOB_KEY_ORG_ID */ .b_, target.namespace.orgId);
        ctx.saveState(_runner_state_js__WEBPACK_IMPORTED_MODULE_5__/* .JOB_KEY_ID */ .OW, String(created.id));
    }
    await (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_2__/* .stopIfCancelled */ .FE)(ctx, ledger, created.id, 'hand out the new key');
    // From here the key is in the step's output: no await comes between this and main writing it.
    ledger.handedOut(created.id);
    ledger.settle();
    const scope = (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_2__/* .describeScope */ .OI)(target);
    const lifetime = [
        ...(options.revokeAfterJob ? ['it is revoked when the job ends'] : []),
        ...(expiresAt === undefined ? [] : [`it expires ${(0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDate */ .Yq)(new Date(expiresAt).toISOString())} by its name`]),
    ];
    ctx.log.info(`Created API key ${created.id} named ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(name)} (${scope})${lifetime.length ? `; ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(lifetime.join('; '), 400)}` : ''}.`);
    (0,_keys_creation_js__WEBPACK_IMPORTED_MODULE_2__/* .adviseScope */ .L8)(ctx, target, created.id);
    return {
        outputs: { key: created.key, 'key-id': String(created.id), ...(0,_api_organization_js__WEBPACK_IMPORTED_MODULE_0__/* .organizationOutput */ .fI)(target.namespace) },
        summary: (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_4__/* .heading */ .R_)('API key created') +
            (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_4__/* .table */ .tp)(['id', 'name', 'scope', 'lifetime'], [[{ code: String(created.id) }, name, scope, describeLifetime(options.revokeAfterJob, expiresAt)]]) +
            (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_4__/* .paragraph */ .FY)('The key value is in the step output ', { code: 'key' }, ', masked in logs. It is shown nowhere else.'),
    };
}
function describeLifetime(revokeAfterJob, expiresAt) {
    const expiry = expiresAt === undefined ? '' : `expires ${(0,_base_text_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)((0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDate */ .Yq)(new Date(expiresAt).toISOString()))}`;
    if (revokeAfterJob)
        return expiry ? `this job (${expiry})` : 'this job';
    return expiry || 'until revoked';
}


/***/ })

};

//# sourceMappingURL=750.index.js.map