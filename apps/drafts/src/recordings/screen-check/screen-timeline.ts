import { clock, detectInText } from './screen-findings.js';

interface Scene {
  from: number;
  to: number;
  text: string;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []);

function similar(a: string, b: string): boolean {
  const wa = words(a);
  const wb = words(b);
  if (!wa.size && !wb.size) return true;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / Math.max(wa.size, wb.size) >= 0.8;
}

/** A terminal shows prompts; anything else is "the screen". */
function whatKind(text: string): string {
  const lines = text.split('\n');
  const prompts = lines.filter((l) => /^\s*(?:[$#>%]\s|\S+@\S+[:~].*[$#]\s?|PS [A-Z]:\\)/.test(l)).length;
  return prompts > 0 ? 'a terminal' : 'a screen';
}

/** What a scene shows, with anything a detector flags replaced by the finding's masked form. */
function gist(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /[A-Za-z0-9]{2,}/.test(l));
  if (!lines.length) return 'no readable text';
  const shown = lines.slice(0, 4).map((line) => {
    const hits = detectInText(line);
    return hits.length ? `[${hits.map((h) => h.what).join('; ')}]` : line;
  });
  const joined = shown.join(' / ');
  return `"${joined.length > 140 ? `${joined.slice(0, 139).trimEnd()}…` : joined}"`;
}

/**
 * The check's account of what was on screen, with times: "0:00–0:05 a terminal showing "…"; …".
 * Frames whose text barely changed are one scene.
 */
export class ScreenTimeline {
  private readonly scenes: Scene[] = [];

  add(atSeconds: number, text: string): void {
    const last = this.scenes.at(-1);
    if (last && similar(last.text, text)) {
      last.to = atSeconds;
      return;
    }
    if (last) last.to = atSeconds;
    this.scenes.push({ from: atSeconds, to: atSeconds, text });
  }

  summary(totalSeconds: number, max = 1200): string {
    if (!this.scenes.length) return 'Nothing readable was on screen.';
    const last = this.scenes.at(-1)!;
    last.to = Math.max(last.to, totalSeconds);
    const parts: string[] = [];
    let length = 0;
    for (const s of this.scenes) {
      const line = `${clock(s.from)}–${clock(s.to)} ${whatKind(s.text)} showing ${gist(s.text)}`;
      if (length + line.length + 2 > max - 40) {
        parts.push(`and ${this.scenes.length - parts.length} more scenes`);
        break;
      }
      parts.push(line);
      length += line.length + 2;
    }
    return `${parts.join('; ')}.`;
  }
}
