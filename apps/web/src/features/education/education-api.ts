import type { EducationItem } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';

export const EDUCATION_PATH = '/api/education';

/** Spec §7 GET /api/education: every article, read once per session like every other read. */
export function useEducation() {
  return useQuery<EducationItem[]>({ queryKey: [EDUCATION_PATH] });
}
