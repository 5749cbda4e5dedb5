/** Kept equal to package.json's version by a unit test. */
const ACTION_NAME = 'neon-api-action'
export const ACTION_VERSION = '1.0.0'
export const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION} node/${process.versions.node}`
