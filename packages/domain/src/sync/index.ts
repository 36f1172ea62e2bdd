// A judge device's queue of score operations (issue 12): shared by the web app and the server's chaos test.
export * from './score-operations.ts';
export * from './operation-queue.ts';
