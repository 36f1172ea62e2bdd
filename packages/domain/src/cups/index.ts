export * from './points-tables.ts';
export * from './cup-points.ts';
export * from './cup-ranking.ts';
export * from './cup-defaults.ts';
export * from './cup-race-fit.ts';
