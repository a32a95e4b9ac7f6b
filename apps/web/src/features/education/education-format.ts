import type { EducationCategory } from '@fodmap/contracts';

export const CATEGORY_LABELS: Record<EducationCategory, string> = { education: 'Education', tips: 'Tips' };

export const readTimeLabel = (minutes: number) => `${minutes} min read`;
