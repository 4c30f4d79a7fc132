import { beforeEach, describe, expect, it } from "vitest";
import type { OutgoingMail } from "../../src/platform/mailer";
import { createJob, readJob } from "../../src/jobs/jobs.store";
import { runJobSlice } from "../../src/jobs/job-runner";
import { tellJobFailed } from "../../src/accounts/job-failed.service";
import { signInActors, ADMIN } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { receivedWebhooks, resetWebhooks, webhookUrl } from "../../../testing/fixture-site";
import { callRoute } from "../../../testing/http";
import { productionLikeDeps } from "../../../testing/in-process-app";
import { sleep } from "../../../testing/rotation";
import { suite } from "../../../testing/suite-env";

/**
 * A background job that ends `failed` is told (the contract's `job-failed`): an alert in the channel
 * and a mail to each admin, once per job kind and day however often it fails, and the job's own error
 * still reaches the queue (which records the job failed).
 */

let admin: string;
beforeEach(async () => {
  await Promise.all([resetEmulators(), resetWebhooks()]);
  ({ admin } = await signInActors());
  const res = await callRoute("updateAlerts", { idToken: admin, body: { webhookUrl: webhookUrl("discord.com", "jobs-hook") } });
  expect(res.status).toBe(200);
});

/** One slice of a new job of `kind` that throws on its last attempt, as the queue runs it. */
async function failingSlice(deps: ReturnType<typeof productionLikeDeps>, error: string): Promise<string> {
  const jobId = await createJob("terms-watch", { trigger: "schedule", actorUid: null }, new Date(), { phase: "testing", total: 1 });
  const onFailed = (job: { kind: "terms-watch" }, said: string) => tellJobFailed(deps, job.kind, said);
  await expect(
    runJobSlice(
      deps,
      jobId,
      true,
      async () => async () => {
        throw new Error(error);
      },
      1_000,
      onFailed as never,
    ),
  ).rejects.toThrow(error);
  return jobId;
}

describe("a failed job", () => {
  it("raises job-failed and mails each admin once a day per kind, however often the kind fails", async () => {
    const sent: OutgoingMail[] = [];
    const deps = productionLikeDeps(suite.stripeUrl, { mailer: { send: async (mail) => void sent.push(mail) } });
    const first = await failingSlice(deps, "Maximum call stack size exceeded");
    const second = await failingSlice(deps, "Maximum call stack size exceeded");
    for (const id of [first, second]) expect((await readJob(id))?.state).toBe("failed");

    expect(sent.map((m) => [m.to, m.subject])).toEqual([[ADMIN.email, "The terms watch job failed"]]);
    expect(sent[0]!.text).toContain("Maximum call stack size exceeded");
    const deadline = Date.now() + 15_000;
    while ((await receivedWebhooks("jobs-hook")).length === 0 && Date.now() < deadline) await sleep(200);
    await sleep(2_000); // a second delivery, were there one, comes within this
    const hooks = await receivedWebhooks("jobs-hook");
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]!.body).content).toContain("The terms watch job failed after its retries");
  });
});
