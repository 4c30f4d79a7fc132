import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import nodemailer from "nodemailer";
import { afterAll, describe, expect, it } from "vitest";
import { emptyMailFolder, mailCatcherArgs } from "./mail-catcher";

/**
 * Two local suites side by side (npm test runs two), each with its maildev as local-suite starts it:
 * one empties its inbox again and again while the other receives mail. With maildev 3's default
 * folder, shared by every instance on the machine, every one of these sends failed (450 ENOENT).
 */

const MAILDEV = resolve(__dirname, "../../node_modules/.bin/maildev");
const HOST = "127.0.0.1";
const scratch = mkdtempSync(join(tmpdir(), "mail-catcher-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().once("error", fail);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

async function startCatcher(name: string) {
  const place = { host: HOST, smtpPort: await freePort(), webPort: await freePort(), mailDir: join(scratch, name) };
  emptyMailFolder(place.mailDir);
  children.push(spawn(MAILDEV, mailCatcherArgs(place), { stdio: "ignore" }));
  const api = (path: string) => `http://${HOST}:${String(place.webPort)}/api${path}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(api("/email")).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (tries > 100) throw new Error(`maildev ${name} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...place, api };
}

describe("each suite's mail catcher", () => {
  it("keeps its mail while another suite's catcher empties its own inbox", async () => {
    const [ours, theirs] = [await startCatcher("ours"), await startCatcher("theirs")];
    let emptying = true;
    const emptyTheirs = (async () => {
      while (emptying) await fetch(theirs.api("/email/all"), { method: "DELETE" });
    })();
    const transport = nodemailer.createTransport({ host: HOST, port: ours.smtpPort, secure: false, ignoreTLS: true });
    const sends = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        transport.sendMail({
          from: "hub@example.org",
          to: "member@example.org",
          subject: `Login link ${String(i)}`,
          text: "x".repeat(20_000),
        }),
      ),
    );
    emptying = false;
    await emptyTheirs;

    expect(sends.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    const held = (await (await fetch(ours.api("/email"))).json()) as { id: string; subject: string }[];
    expect(held.map((m) => m.subject).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Login link ${String(i)}`).sort());
    // and each message's source is still there to read (the digest test reads headers from it)
    const sources = await Promise.all(held.map(async (m) => [m.subject, await (await fetch(ours.api(`/email/${m.id}/source`))).text()]));
    for (const [subject, source] of sources) expect(source).toContain(`Subject: ${subject!}`);
  });
});
