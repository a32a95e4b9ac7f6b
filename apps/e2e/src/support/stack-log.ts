import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { provided } from './provided';

/** The stack's last `count` warnings and errors, uncoloured: what a failed check quotes so CI's output says why. */
export function stackWarnings(count = 10): string[] {
  const lines = stripVTControlCharacters(readFileSync(provided('logFile'), 'utf8')).split('\n');
  // The processes log JSON (pino): a line's level is a word; a process that failed before its logger started wrote plain text.
  return lines.filter((line) => /"level":"(warn|error|fatal)"|\b(WARN|ERROR)\b/.test(line)).slice(-count);
}
