// Business constants of spec section 9, with their units in the name.

export const HEARTBEAT_INTERVAL_MS = 60_000;
export const PING_INTERVAL_MS = 10_000;
export const PONG_TIMEOUT_MS = 1_000;
/** Connection errors are logged only while the failure counter is below this. */
export const MAX_LOGGED_FAILURES = 3;
/** First reconnect delay; doubles per consecutive failure up to RECONNECT_MAX_DELAY_MS. */
export const RECONNECT_BASE_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;
export const NOTIFICATION_MAX = 3;
export const TRACK_MAX_POINTS = 1000;
