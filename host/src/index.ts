// Async boundary: shared modules (react, i18next, ...) are negotiated before any of them runs.
void import('./bootstrap');
