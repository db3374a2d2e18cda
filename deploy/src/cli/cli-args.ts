export interface ParsedArgs {
  words: string[];
  flags: Record<string, string | true>;
}

/** `member create --email a@b --complete-profile` → words [member, create], flags {email, complete-profile}. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const words: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      flags[name] = next;
      i++;
    } else flags[name] = true;
  }
  return { words, flags };
}
