// Ids from the service are checked too: they go into paths, outputs and state.

/** Organization, project and branch ids, like `br-wispy-meadow-a5kd0r2p`. */
export const PLATFORM_ID = /^[a-z0-9-]{1,60}$/
export const OPERATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const MAX_KEY_NAME_LENGTH = 64
