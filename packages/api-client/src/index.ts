export { ApiCallError, type ApiResult, type HttpOptions } from './http';
export { configureApiClient } from './client';
export { apiErrorMessage } from './errors';
export * from './auth';
export * from './conversations';
export * from './groups';
export * from './messages';
export * from './users';
