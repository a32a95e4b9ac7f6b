import { emailRoutes, type RouteBody } from '@fodmap/contracts';
import { ApiError, callRoute, routeQuery, serverMessage } from '@fodmap/web-client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRefreshJournal } from '../meals/meals-api';

/** GET /api/log-symptom?token=…: what the link will log, read before the tap. */
export function useSymptomLinkPreview(token: string) {
  return useQuery({ ...routeQuery(emailRoutes.previewSymptomLink, { query: { token } }), enabled: token !== '' });
}

/** POST /api/log-symptom: the link's own query sent back; the token is the authority, signed in or not. */
export function useLogSymptomLink() {
  const refresh = useRefreshJournal();
  return useMutation({
    // As the link wrote them: the server checks symptom and severity against the token and answers in words if not.
    mutationFn: (body: RouteBody<typeof emailRoutes.redeemSymptomLink>) => callRoute(emailRoutes.redeemSymptomLink, { body }),
    // Signed in, the Diary and Home are one tap away and must show the new symptom.
    onSuccess: () => refresh(),
  });
}

/** POST /api/unsubscribe {token}: the link names the preference it turns off. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => callRoute(emailRoutes.unsubscribe, { body: { token } }) });
}

/**
 * The server refused the link itself (forged, expired, used, not matching: 400, 404, 409, 410), so trying again cannot
 * help. Anything else (no network, a 5xx, a 429) may pass on a second try.
 */
export const isLinkRefused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** A failure the server did not explain (the network dropped, a proxy answered): worth another tap. */
export const LINK_RETRY_HINT = 'Something went wrong on the way. Please try again.';

/** What to tell the person about a failed link request: the server's own words when it gave any. */
export const linkProblem = (error: unknown, refusedFallback: string) => serverMessage(error, isLinkRefused(error) ? refusedFallback : LINK_RETRY_HINT);
