export declare const SEARCH_DATA_FILE: string
export declare function searchDataHash(root: string, overrides?: Readonly<Record<string, string>>): string
export declare function searchDataSource(hash: string): string
