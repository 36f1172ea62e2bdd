/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The published results live outside the repo; RESULTS_DIR lets CI point elsewhere.
const RESULTS_DIR = process.env['RESULTS_DIR'] ?? '/work/shared/data/results';

/** Reads one published results file; its shape is declared by the test that uses it. */
export const loadResults = <T>(fileName: string): T => JSON.parse(readFileSync(join(RESULTS_DIR, fileName), 'utf8')) as T;
