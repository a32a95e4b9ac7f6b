import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EDUCATION_CATEGORIES, EducationItem } from '@fodmap/contracts';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * The journal's education articles (spec §3), written for this app; every source was checked. Each is a Markdown file
 * of apps/journal/data/articles: YAML front matter, then its paragraphs of plain text separated by blank lines. Files
 * are read in name order (`01-…`, `02-…`); the dashboard shows the first two, so they are the two fallback titles
 * (EDUCATION_FALLBACKS) in the same order. The directory is found from src/education and dist/education alike.
 */
export const ARTICLES_DIRECTORY = resolve(__dirname, '../../data/articles');

const frontMatterSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a slug (lowercase words joined by hyphens)'),
    title: z.string().trim().min(1),
    summary: z.string().trim().min(1),
    readTime: z.number().int().positive(),
    category: z.enum(EDUCATION_CATEGORIES),
    sources: z.array(z.object({ title: z.string().trim().min(1), url: z.string().url() }).strict()).min(1),
  })
  .strict();

const ARTICLE_FILE = /^---\n([\s\S]*?)\n---\n\n([\s\S]+)$/;

/** One article file; a file that breaks the format stops the start-up with a line naming the file and the field. */
export function readArticle(name: string, text: string): EducationItem {
  const parts = ARTICLE_FILE.exec(text);
  if (!parts) throw new Error(`${name}: an article is YAML front matter between two '---' lines, a blank line, then its paragraphs.`);
  const front = frontMatterSchema.safeParse(parse(parts[1]));
  if (!front.success) throw new Error(`${name}: ${front.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'} ${issue.message}`).join('; ')}`);
  return { ...front.data, body: parts[2].trim().split(/\n\s*\n/) };
}

/** Every article, read once at start-up. */
export function loadArticles(directory: string = ARTICLES_DIRECTORY): EducationItem[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readArticle(name, readFileSync(join(directory, name), 'utf8')));
}
