export declare const ALLOWED_BUILTINS: readonly string[];
export declare function isAllowedBuiltin(id: string): boolean;
