import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sourcesDir } from './paths';

function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

export const readCsv = (path: string) => parseCsv(readFileSync(path, 'utf8'));
/** Every `*.csv` (or `*.json`) of a folder of sources, in file-name order: one file per category, so each can be reviewed alone. */
export const filesOf = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => resolve(dir, f));
export const readCsvDir = (dir: string) => filesOf(resolve(sourcesDir, dir), '.csv').flatMap(readCsv);
export const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** A number cell, null when empty. */
export const num = (s: string | undefined): number | null => (s === undefined || s.trim() === '' ? null : Number(s));
