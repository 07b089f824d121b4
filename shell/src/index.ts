import { requestConfig } from './features/config/early-config';

// Fetched while the app's chunks download (not after them): see early-config.
void requestConfig();
// Async boundary: Module Federation negotiates the shared singletons before React loads.
void import('./bootstrap');
