export declare const REPO_ROOT: string;
export declare const SCANNED_ROOTS: string[];
export declare const LIST_WINDOW: number;
export declare const SCENARIO_FILES: string[];
export declare function sourceFiles(root?: string, roots?: string[], ext?: RegExp): string[];
export declare function codeLines(text: string, file: string): string[];
export declare function eventListings(
  files: { file: string; text: string }[],
  hostEvents: Record<string, readonly string[]>,
  opts?: { everySite?: boolean },
): { host: string; file: string; line: number; names: string[] }[];
export declare function duplicateBlocks(files: { file: string; text: string }[], minLines?: number): { file: string; line: number; lines: number; first: string; firstLine: number }[];
export declare function importsOf(file: string, text: string, exists: (candidate: string) => boolean): string[];
export declare function importCircles(graph: Record<string, string[]>): string[][];
export declare function importGraph(root?: string, roots?: string[]): Record<string, string[]>;
export declare function isExempt(file: string, text: string): boolean;
export declare function eventScanFiles(root?: string): { file: string; text: string }[];
export declare function hostEventNames(registries: Record<string, { events: readonly { native: string }[] }>): Record<string, string[]>;
export declare const GENERATED_MARK: string;
export declare function withoutGeneratedBlocks(lines: string[]): string[];
export declare function hostListings(files: { file: string; text: string }[], hostNames: readonly string[]): { file: string; line: number; names: string[] }[];
export declare function hostListScanFiles(root?: string): { file: string; text: string }[];
export declare function hostSwitches(files: { file: string; text: string }[], hostNames: readonly string[]): { file: string; line: number; name: string }[];
export declare function hostSwitchScanFiles(root?: string): { file: string; text: string }[];
