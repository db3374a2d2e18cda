/** Patterns for credentials that must never be published (spec: `secret` exposures refuse posting). */
const PATTERNS: { label: string; re: RegExp }[] = [
  { label: 'private key', re: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/ },
  { label: 'AWS access key', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { label: 'GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/ },
  { label: 'Slack token', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/ },
  { label: 'Stripe secret key', re: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/ },
  { label: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { label: 'OpenAI-style API key', re: /\bsk-(?:proj-)?[A-Za-z0-9_-]{32,}\b/ },
  { label: 'marketplace API key', re: /\btl_[A-Za-z0-9_-]{32,}\b/ },
  { label: 'JSON Web Token', re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/ },
  { label: 'password in a URL', re: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:[^\s@/]{3,}@[^\s]+/i },
  {
    label: 'password or secret assignment',
    re: /\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|client[_-]?secret)\s*[:=]\s*["']?[^\s"'`]{8,}/i,
  },
];

export interface CredentialFinding {
  label: string;
  excerpt: string;
}

/** The match with its middle masked, so the finding can be shown without repeating the secret. */
export function maskExcerpt(match: string): string {
  if (match.length <= 8) return '*'.repeat(match.length);
  const keep = Math.min(4, Math.floor(match.length / 4));
  return `${match.slice(0, keep)}${'*'.repeat(Math.min(12, match.length - keep * 2))}${match.slice(-keep)}`;
}

export function findCredentials(text: string): CredentialFinding[] {
  const findings: CredentialFinding[] = [];
  for (const { label, re } of PATTERNS) {
    const m = re.exec(text);
    if (m) findings.push({ label, excerpt: maskExcerpt(m[0]) });
  }
  return findings;
}
