export declare const REPO_ROOT: string;
export declare const SCANNED_ROOTS: string[];
export declare const LIST_WINDOW: number;
export declare const SCENARIO_FILES: string[];
export declare function sourceFiles(root?: string, roots?: string[], ext?: RegExp): string[];
export declare function testFiles(root?: string): string[];
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
export declare function hostFileListings(files: { file: string; text: string }[], hostNames: readonly string[], generated?: readonly string[]): Record<string, string[]>;
export declare function repositoryFiles(root?: string): { file: string; text: string }[];
export declare function hostListScanFiles(root?: string): { file: string; text: string }[];
export declare function hostNamesInCode(files: { file: string; text: string }[], hostNames: readonly string[]): { file: string; line: number; name: string }[];
export declare function hookEngineScanFiles(root?: string): { file: string; text: string }[];
export declare function exportsOf(text: string): string[];
export declare function takenNames(file: string, text: string, exists: (candidate: string) => boolean): Record<string, string[]>;
export declare function deadExports(
  files: { file: string; text: string }[],
  opts: { entries?: string[]; standIns?: Record<string, string>; exists: (candidate: string) => boolean },
): { file: string; name: string }[];
export declare function keptExports(files: { file: string; text: string }[]): { file: string; name: string; test: boolean; why: string }[];
export declare function deadReport(root?: string): Promise<{ dead: { file: string; name: string; tests: boolean }[]; kept: { file: string; name: string; tests: boolean; why: string }[]; keptTests: string[] }>;
export declare const ANSWER_MODULE: string;
export interface AnswerTypeRow { file: string; name: string; role: 'answer' | 'part' | 'wire' | 'wrapper' | 'mod' | 'other' | 'unclassified'; why: string }
export declare const ANSWER_TYPES: AnswerTypeRow[];
export declare const ANSWER_DOORS: { door: string; file: string }[];
export declare function callsAnswer(file: string, text: string, exists: (candidate: string) => boolean): boolean;
export declare function answerReport(
  files: { file: string; text: string }[],
  doors?: { door: string; file: string }[],
  types?: AnswerTypeRow[],
): { types: AnswerTypeRow[]; missing: AnswerTypeRow[]; doors: { door: string; file: string; via: string[] | null }[]; callers: string[] };
export declare function hostSwitches(files: { file: string; text: string }[], hostNames: readonly string[]): { file: string; line: number; name: string }[];
export declare function hostSwitchScanFiles(root?: string): { file: string; text: string }[];
export interface HostWord { host: string; re: RegExp }
export declare function hostWords(specs: readonly { name: string; layout?: { dir?: string; env?: readonly string[]; system?: readonly string[] }; loadedBy?: Readonly<Record<string, string>> }[]): HostWord[];
export declare function stringLiterals(text: string, file: string): { line: number; text: string }[];
export declare function hostLiterals(files: { file: string; text: string }[], words: readonly HostWord[]): { file: string; line: number; hosts: string[]; text: string }[];
export declare const LITERAL_ROOTS: string[];
export declare const LITERAL_EXAMPLE: string;
export declare function literalScanFiles(root?: string): { file: string; text: string }[];
export declare function answerTags(files: { file: string; text: string }[]): { types: AnswerTypeRow[]; doors: { door: string; file: string }[] };
