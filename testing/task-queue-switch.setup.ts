// The api project's setup file: the switch is in place before any test file enqueues (task-queue-switch.ts).
import { beforeAll } from "vitest";
import { installTaskQueueSwitch } from "./task-queue-switch";

beforeAll(() => installTaskQueueSwitch());
