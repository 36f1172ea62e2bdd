/** Compiles the server into dist/main.mjs (scripts/build.mjs). */
export function buildServer(): Promise<void>;
