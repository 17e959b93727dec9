// Filled in by the devices module (issue 3).
export {};
