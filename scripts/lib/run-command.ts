import { spawn } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");

/** Runs a command from the repository's root with this terminal's output; resolves to its exit status. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolveExit, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
  });
}

/** As run, failing unless the command exits 0. */
export async function runOrFail(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  const code = await run(command, args, env);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} failed with status ${String(code)}`);
}
