// Filled in by the channels module (issue 3).
export {};
