export interface HostPin {
  kind?: string;
  packages: Record<string, string>;
  entry: string;
  minEntryBytes?: number;
  node?: string;
  [field: string]: unknown;
}
export declare function loadPins(root?: string): Record<string, HostPin>;
