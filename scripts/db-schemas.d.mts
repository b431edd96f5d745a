// Types for scripts/db-schemas.mjs (imported by tests/integration/db).
export declare const ROOT: string;
export declare const SQLITE_SCHEMA: string;
export declare const POSTGRES_SCHEMA: string;
export declare function derivePostgresSchema(sqliteSchema: string): string;
