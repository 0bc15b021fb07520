import type { Artifact } from './types';
export declare const START: string;
export declare const END: string;
export declare function artifactTable(artifacts?: Artifact[], root?: string): string;
export declare function withArtifactTable(readme: string, table?: string): string;
export declare const TABLE_FILE: string;
export declare function refreshReadme(root?: string): boolean;
