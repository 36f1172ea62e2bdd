import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { cataloguePart, type CataloguePart } from '../src/locales/catalogue-parts.ts';

const PART_QUERY = /[?&]part=(core|judge|more)$/;
const VIRTUAL_PREFIX = '\0catalogue-part:';

/**
 * `import('./locales/en.json?part=core')`: one catalogue's core groups (or `judge`: the scorecard's,
 * `more`: the others) as a module of its own, so each part becomes a chunk. The catalogue stays one file to edit.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'catalogue-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = PART_QUERY.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(source.slice(0, match.index), importer, { skipSelf: true });
      return resolved ? `${VIRTUAL_PREFIX}${resolved.id}?part=${match[1]}` : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const [file, query] = id.slice(VIRTUAL_PREFIX.length).split('?part=') as [string, CataloguePart];
      this.addWatchFile(file);
      return `export default ${JSON.stringify(cataloguePart(JSON.parse(readFileSync(file, 'utf8')), query))};`;
    },
  };
}
