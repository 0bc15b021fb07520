import type { Artifact, PackageMeta } from './types';
export type { Artifact, PackageMeta } from './types';

export declare const REPO_ROOT: string;
export declare const PACKAGE: PackageMeta;
export declare const ARTIFACTS: Artifact[];
export declare function distRoot(env?: Readonly<Record<string, string | undefined>>): string;
export declare function entryExists(artifact: Artifact, root?: string): boolean;
export declare function partitionArtifacts(list?: Artifact[], root?: string): { present: Artifact[]; missing: Artifact[] };
export declare function skipLine(artifact: Artifact): string;
export declare function selectArtifacts(list?: Artifact[], env?: Readonly<Record<string, string | undefined>>): Artifact[];
export declare function isBundled(artifact: Artifact): boolean;
