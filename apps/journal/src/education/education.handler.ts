import { EducationItem, Rpc } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { EDUCATION_ARTICLES } from './articles';

@Controller()
export class EducationHandler {
  /** The same articles for everyone; the caller is required only because every journal subject is a signed-in one. */
  @Handles(Rpc.journal.education)
  list(): EducationItem[] {
    return [...EDUCATION_ARTICLES];
  }
}
