/**
 * StrykerJS runs its workers side by side against one local suite (stryker.config.mjs): each worker
 * takes a project of its own in the emulators (they keep projects apart), so one worker's
 * resetEmulators() never empties another's documents in the middle of a test.
 */
const worker = process.env.STRYKER_MUTATOR_WORKER;
if (worker !== undefined && process.env.GCLOUD_PROJECT) process.env.GCLOUD_PROJECT = `${process.env.GCLOUD_PROJECT}-w${worker}`;
