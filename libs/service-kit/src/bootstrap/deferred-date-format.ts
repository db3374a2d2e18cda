/**
 * `@nestjs/common` builds an `Intl.DateTimeFormat` as it is imported, for a console logger the
 * services never use (their logs are pino's JSON). Building one loads ICU's date patterns: about
 * 8 MiB of every service process's memory, for nothing. While the kit's modules load, a format is
 * built on its first use instead; `restoreDateFormat` puts the native constructor back once they
 * have, so nothing made later is affected.
 */
const NativeDateTimeFormat = Intl.DateTimeFormat;
type Args = ConstructorParameters<typeof Intl.DateTimeFormat>;

class DeferredDateTimeFormat {
  private made: Intl.DateTimeFormat | undefined;
  private readonly args: Args;

  constructor(...args: Args) {
    this.args = args;
  }

  private get native(): Intl.DateTimeFormat {
    return (this.made ??= new NativeDateTimeFormat(...this.args));
  }

  format(date?: Date | number): string {
    return this.native.format(date);
  }

  formatToParts(date?: Date | number): Intl.DateTimeFormatPart[] {
    return this.native.formatToParts(date);
  }

  formatRange(start: Date | number, end: Date | number): string {
    return this.native.formatRange(start, end);
  }

  formatRangeToParts(start: Date | number, end: Date | number): Intl.DateTimeRangeFormatPart[] {
    return this.native.formatRangeToParts(start, end);
  }

  resolvedOptions(): Intl.ResolvedDateTimeFormatOptions {
    return this.native.resolvedOptions();
  }

  static supportedLocalesOf = NativeDateTimeFormat.supportedLocalesOf;
}

const intl = Intl as { DateTimeFormat: unknown };
intl.DateTimeFormat = DeferredDateTimeFormat;

export function restoreDateFormat(): void {
  intl.DateTimeFormat = NativeDateTimeFormat;
}
