/** Writes the `.br` and `.gz` variants of the build's text files; returns the byte totals. */
export function precompress(directory: string): { files: number; original: number; brotli: number; gzip: number };
