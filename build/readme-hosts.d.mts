export declare const NAMES_START: string;
export declare const NAMES_END: string;
export declare const SECTIONS_START: string;
export declare const SECTIONS_END: string;
export declare function hostNamesText(root?: string): string;
export declare function hostSectionsText(root?: string): string;
export declare function withHostBlocks(readme: string, root?: string): string;
export declare function refreshReadmeHosts(root?: string): boolean;
