import { EducationItem, Rpc } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { loadArticles } from './articles';

@Controller()
export class EducationHandler {
  /** Read from apps/journal/data/articles when the service starts: a malformed article stops the start, not a request. */
  private readonly articles = loadArticles();

  /** The same articles for everyone; the caller is required only because every journal subject is a signed-in one. */
  @Handles(Rpc.journal.education)
  list(): EducationItem[] {
    return [...this.articles];
  }
}
