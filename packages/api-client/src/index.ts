export { ApiCallError, type ApiResult, type HttpOptions } from './http';
export { configureApiClient } from './client';
export * from './auth';
