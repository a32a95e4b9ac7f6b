import { describe, expect, it } from '@jest/globals';
import { EDUCATION_CATEGORIES, EDUCATION_FALLBACKS } from '@fodmap/contracts';
import { loadArticles, readArticle } from './articles';

/** An adult's unhurried reading pace; a stated read time may be off by half either way. */
const WORDS_PER_MINUTE = 200;

const EDUCATION_ARTICLES = loadArticles();

const wordsIn = (paragraphs: readonly string[]) => paragraphs.join(' ').split(/\s+/).filter(Boolean).length;

describe('EDUCATION_ARTICLES', () => {
  it('starts with the two fallback articles the dashboard shows, with their titles and read times', () => {
    expect(EDUCATION_ARTICLES.slice(0, 2).map(({ title, readTime }) => ({ title, readTime }))).toEqual(EDUCATION_FALLBACKS);
    expect(EDUCATION_ARTICLES[0]).toMatchObject({ id: 'fodmap-stacking', category: 'education' });
    expect(EDUCATION_ARTICLES[1]).toMatchObject({ category: 'tips' });
  });

  it('holds at least eight articles with unique slug ids', () => {
    expect(EDUCATION_ARTICLES.length).toBeGreaterThanOrEqual(8);
    const ids = EDUCATION_ARTICLES.map((article) => article.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  describe.each(EDUCATION_ARTICLES.map((article) => [article.id, article] as const))('%s', (_id, article) => {
    it('has a title, a one-sentence summary, a known category and paragraphs of plain text', () => {
      expect(article.title.trim()).not.toBe('');
      expect(article.summary).toMatch(/^[A-Z].*[.!?]$/);
      expect(article.summary.match(/[.!?](\s|$)/g)).toHaveLength(1);
      expect(EDUCATION_CATEGORIES).toContain(article.category);
      expect(article.body.length).toBeGreaterThanOrEqual(3);
      for (const paragraph of article.body) {
        expect(paragraph.trim()).toBe(paragraph);
        expect(paragraph).not.toMatch(/[<>*#\n]/);
      }
    });

    it('states a whole-minute read time within half of what its length takes to read', () => {
      const minutes = wordsIn(article.body) / WORDS_PER_MINUTE;
      expect(Number.isInteger(article.readTime)).toBe(true);
      expect(article.readTime).toBeGreaterThanOrEqual(Math.max(1, minutes * 0.5));
      expect(article.readTime).toBeLessThanOrEqual(minutes * 1.5);
    });

    it('cites at least two titled sources at distinct https addresses', () => {
      expect(article.sources.length).toBeGreaterThanOrEqual(2);
      for (const source of article.sources) {
        expect(source.title.trim()).not.toBe('');
        expect(new URL(source.url).protocol).toBe('https:');
      }
      expect(new Set(article.sources.map((source) => source.url)).size).toBe(article.sources.length);
    });
  });

  it('refuses a file that breaks the format, naming the file and the field', () => {
    const front = ['---', 'id: Not A Slug', 'title: A title', 'summary: One sentence.', 'readTime: 2', 'category: education', 'sources: []', '---'].join('\n');
    expect(() => readArticle('09-bad.md', `${front}\n\nA paragraph.\n`)).toThrow(/^09-bad\.md: id must be a slug.*; sources /);
    expect(() => readArticle('10-bare.md', 'A paragraph with no front matter.\n')).toThrow(/^10-bare\.md: an article is YAML front matter/);
  });
});
