import { mkdirSync, rmSync } from "node:fs";

export interface MailCatcherPlace {
  host: string;
  smtpPort: number;
  webPort: number;
  /** This suite's own folder for the messages, emptied before each start. */
  mailDir: string;
}

/**
 * maildev's arguments for one local suite. `--mail-directory` because without it maildev 3 writes
 * every message to the machine's one `$TMPDIR/maildev`, and another suite's "delete all" empties
 * that folder under this one's delivery: the SMTP answer is `450 ENOENT` and the hub's send fails
 * (a 503 in an unrelated test). `--web-ip`: maildev 3's web interface would listen on every interface.
 */
export function mailCatcherArgs({ host, smtpPort, webPort, mailDir }: MailCatcherPlace): string[] {
  return ["--ip", host, "--web-ip", host, "--smtp", String(smtpPort), "--web", String(webPort), "--mail-directory", mailDir, "--silent"];
}

/** An empty mail folder: with one, maildev loads what the last run left in it. */
export function emptyMailFolder(mailDir: string): void {
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
}
