import type { Artifact, DemoDriver } from './types';

export declare function driverFor(artifact: Artifact): DemoDriver;
export declare function substitute<T>(value: T, ctx: { pathMap?: Record<string, string>; project: string; home: string }): T;
export declare function defaultRender(driver: DemoDriver, result: any): string[];
export declare function runArtifactDemo(artifact: Artifact, file: string, opts?: { root?: string }): Promise<string[]>;
export declare function runDemo(opts?: { artifacts?: Artifact[]; outRoot?: string; root?: string; log?: (line: string) => void }): Promise<number>;
