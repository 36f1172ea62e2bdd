// The live stream's patches of results tables (issue 13): made by the server, applied by viewers.
export * from './live-patch.ts';
export * from './bracket-patch.ts';
