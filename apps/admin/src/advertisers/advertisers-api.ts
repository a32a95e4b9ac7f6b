import type { Advertiser, AdvertiserInput } from '@fodmap/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@fodmap/web-client';

const ADVERTISERS = '/api/admin/advertisers';

export const advertisersQuery = queryOptions({ queryKey: [ADVERTISERS], queryFn: () => apiRequest<Advertiser[]>('GET', ADVERTISERS) });

/** Creates the advertiser, or replaces the whole record of the one with `id` (spec §7: PUT). */
export const saveAdvertiser = ({ id, input }: { id: number | null; input: AdvertiserInput }) =>
  id === null ? apiRequest<Advertiser>('POST', ADVERTISERS, input) : apiRequest<Advertiser>('PUT', `${ADVERTISERS}/${id}`, input);

export const deleteAdvertiser = (id: number) => apiRequest<{ message: string }>('DELETE', `${ADVERTISERS}/${id}`);
