// `../locales/en.json?part=core`, `?part=judge` and `?part=more`: one catalogue's share of groups,
// split at build time by the catalogue-parts plugin of vite.config.ts.
type CataloguePartTexts = { readonly [key: string]: string | CataloguePartTexts };

declare module '*.json?part=core' {
  const texts: CataloguePartTexts;
  export default texts;
}

declare module '*.json?part=judge' {
  const texts: CataloguePartTexts;
  export default texts;
}

declare module '*.json?part=more' {
  const texts: CataloguePartTexts;
  export default texts;
}
