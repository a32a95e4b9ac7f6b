export { ApiError, isPaymentRequired, isUnauthorized, newIdempotencyKey, RETRY_DELAY_MS, serverMessage } from './api';
export * from './client';
