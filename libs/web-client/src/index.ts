export { ApiError, type DownloadedFile, isPaymentRequired, isUnauthorized, newIdempotencyKey, RETRY_DELAY_MS, serverMessage } from './api';
export * from './client';
export { routePages, type RoutePage, type RoutePagesOptions } from './pages';
