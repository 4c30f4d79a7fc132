// Types of code-layout.mjs (plain JavaScript, since eslint.config.mjs imports it).
export interface LayoutEntry {
  name: string;
  what: string;
}
export declare const CAPABILITY_LEVELS: LayoutEntry[][];
export declare const FUNCTIONS_ROOT: LayoutEntry[];
export declare const PLATFORM: LayoutEntry;
export declare const COLLECTION_OWNERS: Record<string, string>;
export declare const COLLECTIONS_NOT_YET_BEHIND_OWNERS: Record<string, string[]>;
