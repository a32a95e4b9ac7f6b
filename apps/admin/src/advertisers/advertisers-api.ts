import { adminRoutes, type AdvertiserInput } from '@fodmap/contracts';
import { callRoute, routeQuery } from '@fodmap/web-client';

export const advertisersQuery = routeQuery(adminRoutes.advertisers);

/** Creates the advertiser, or replaces the whole record of the one with `id` (spec §7: PUT). */
export const saveAdvertiser = ({ id, input }: { id: number | null; input: AdvertiserInput }) =>
  id === null ? callRoute(adminRoutes.createAdvertiser, { body: input }) : callRoute(adminRoutes.updateAdvertiser, { params: { id }, body: input });

export const deleteAdvertiser = (id: number) => callRoute(adminRoutes.deleteAdvertiser, { params: { id } });
