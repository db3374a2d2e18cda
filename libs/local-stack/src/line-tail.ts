/** The last lines a process printed, kept so a failure can say what went wrong. */
export class LineTail {
  private readonly lines: string[] = [];

  constructor(private readonly limit = 50) {}

  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.limit) this.lines.splice(0, this.lines.length - this.limit);
  }

  /** Indented for appending to an error message; says so when there was no output. */
  format(): string {
    if (this.lines.length === 0) return '  (no output)';
    return this.lines.map((line) => `  ${line}`).join('\n');
  }

  toArray(): string[] {
    return [...this.lines];
  }
}
