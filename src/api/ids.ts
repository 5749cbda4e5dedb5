/**
 * The forms of the platform's ids. The action checks inputs against them, and ids from the service too, because
 * those ids go into paths, outputs and state.
 */

/** Organization, project and branch ids: `org-quiet-river-12345678`, `br-wispy-meadow-a5kd0r2p`. */
export const PLATFORM_ID = /^[a-z0-9-]{1,60}$/
/** Operation ids are UUIDs. */
export const OPERATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The longest key name the service takes. */
export const MAX_KEY_NAME_LENGTH = 64
