export * from './constants';
export * from './entities';
export * from './api';
export * from './config';
export * from './feature-flags';
export * from './schemas/fields';
export * from './schemas/auth';
