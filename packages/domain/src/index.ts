// Public surface of the domain package: pure rules shared by the server and the web app.
export * from './errors/error-codes.ts';
export * from './errors/error-catalogue.ts';
export * from './errors/domain-error.ts';
export * from './errors/rate-limit-message.ts';
export * from './errors/age-category-message.ts';
export * from './errors/detailed-message.ts';
export * from './errors/speed-match-message.ts';
export * from './model/enums.ts';
export * from './model/countries.ts';
export * from './rules/index.ts';
export * from './cups/index.ts';
export * from './scoring/index.ts';
export * from './export/csv.ts';
export * from './sync/index.ts';
export * from './live/index.ts';
// Response guards of the web app (issue 14): `guard.object(…)`, `guard.Infer<typeof schema>`.
export * as guard from './guard/guard.ts';
