import type { AdvertiserStats, EmailStats } from '@fodmap/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@fodmap/web-client';

const EMAIL_STATS = '/api/admin/email-stats';
const ADVERTISER_STATS = '/api/admin/advertiser-stats';

export const emailStatsQuery = queryOptions({ queryKey: [EMAIL_STATS], queryFn: () => apiRequest<EmailStats>('GET', EMAIL_STATS) });
export const advertiserStatsQuery = queryOptions({ queryKey: [ADVERTISER_STATS], queryFn: () => apiRequest<AdvertiserStats[]>('GET', ADVERTISER_STATS) });
