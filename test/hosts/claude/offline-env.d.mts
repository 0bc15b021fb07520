/** Types for offline-env.mjs. */
export declare function claudeOfflineVars(origin: string, apiKey: string, tmp: string): Record<string, string>;
