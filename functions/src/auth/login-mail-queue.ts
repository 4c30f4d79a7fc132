import { z } from "@hub/contract/zod";
import { taskQueue } from "../platform/db";
import type { LoginMailQueue, LoginMailRequest } from "../platform/deps";

/** The queue function that looks up and mails login links (index.ts `sendLoginMail`). */
export const LOGIN_MAIL_QUEUE = "sendLoginMail";

/** Production's queue: Cloud Tasks, dispatched to `sendLoginMail`. */
export const cloudTasksLoginMailQueue: LoginMailQueue = {
  enqueue: async (request) => {
    await taskQueue<LoginMailRequest>(LOGIN_MAIL_QUEUE).enqueue(request, { dispatchDeadlineSeconds: 60 });
  },
};

const requestSchema = z.object({ email: z.string().min(3).max(320), typedEmail: z.string().max(320).nullable() });

/** A task's payload as the queue hands it over, or null when it is not one of ours. */
export const parseLoginMailRequest = (data: unknown): LoginMailRequest | null => {
  const parsed = requestSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
};
