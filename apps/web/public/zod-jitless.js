// Runs before the app's modules (a classic script in index.html): zod reads this when it loads and
// then never probes `new Function` to compile fast parsers, which the Content-Security-Policy (no
// 'unsafe-eval') would refuse and report on every page load (docs/security.md). A module could not
// do it: the bundle evaluates zod and the schemas built with it before the entry's own code.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
