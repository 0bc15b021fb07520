/** Versions written into every evidence record (kept in step with package.json by a test). */
export const STOPLINE_VERSION = '0.1.0';
export const RUNTIME_SCHEMA_VERSION = 1 as const;
