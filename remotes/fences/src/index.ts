// Async boundary: shared modules are negotiated before any of them runs.
void import('./bootstrap');
