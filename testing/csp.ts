/** A Content-Security-Policy header as directives → sources, and back: how the suite and its tests read and write one. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

export const formatCsp = (directives: Map<string, string[]>): string =>
  [...directives].map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
