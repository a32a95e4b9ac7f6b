import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CiteFn } from '../rating/decide';
import { filesOf } from './csv';
import { sourcesDir } from './paths';

export interface BibliographyEntry {
  id: string;
  title: string;
  /** how a sentence cites it: 'Monash University' or 'Muir et al., 2007' */
  short?: string;
  authors?: string;
  year?: number;
  url?: string;
  doi?: string;
  covers: string;
  /** publisher unknown, a commercial or content site retelling others' figures, or an unattributed handout */
  lowerAuthority?: boolean;
  /**
   * One food's own record in the source, for a database: its title and URL with `{usdaNdb}` and `{description}` standing
   * for the food's, so that the food's list of sources names and opens its row rather than the whole database.
   */
  record?: { title: string; url: string };
}
/** `sources/bibliography/*.json` merged; an id listed twice must be the same entry. */
export function readBibliography(): BibliographyEntry[] {
  const byId = new Map<string, BibliographyEntry>();
  for (const file of filesOf(resolve(sourcesDir, 'bibliography'), '.json')) {
    for (const entry of JSON.parse(readFileSync(file, 'utf8')) as BibliographyEntry[]) {
      const seen = byId.get(entry.id);
      if (seen && (seen.title !== entry.title || seen.url !== entry.url)) throw new Error(`bibliography id ${entry.id} is listed twice with different entries (${file})`);
      byId.set(entry.id, seen ?? entry);
    }
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * A statement's weight when sources of one year contradict: a source marked `lowerAuthority` in the bibliography
 * (publisher unknown, commercial or content sites retelling others' figures, unattributed handouts) counts half.
 */
export function sourceWeightOf(bibliography: readonly BibliographyEntry[]): (source: string) => number {
  const lower = new Set(bibliography.filter((b) => b.lowerAuthority).map((b) => b.id));
  return (source) => (lower.has(source) ? 0.5 : 1);
}

/** A site's bare domain ('ntro.it.com'), which means nothing to a reader as a source's name. */
const BARE_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/**
 * A source's `short` without a trailing year, then the year given (a statement's) or the source's own; a source known
 * only by its site's domain is named as an article on that site.
 */
export function citeWith(bibliography: readonly BibliographyEntry[]): CiteFn {
  const byId = new Map(bibliography.map((b) => [b.id, b]));
  return (id, year) => {
    const b = byId.get(id);
    const short = (b?.short ?? b?.title ?? id).replace(/,?\s*\(?(19|20)\d\d\)?$/, '').trim();
    const name = BARE_DOMAIN.test(short) ? `an article on ${short}` : short;
    const y = year ?? b?.year ?? null;
    return y ? `${name}, ${y}` : name;
  };
}
