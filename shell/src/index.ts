// Async boundary: Module Federation negotiates the shared singletons before React loads.
void import('./bootstrap');
