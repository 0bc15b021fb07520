export declare const EXAMPLE_START: string;
export declare const EXAMPLE_END: string;
export declare function exampleBlock(dist?: string): string;
export declare function withExample(readme: string, block: string): string;
export declare function refreshReadmeExample(root?: string, dist?: string): boolean;
export declare const FLOOR_START: string;
export declare const FLOOR_END: string;
export declare function floorBlock(dist?: string): string;
export declare function withFloorExample(readme: string, block: string): string;
