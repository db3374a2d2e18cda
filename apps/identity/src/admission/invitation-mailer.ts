import { AppError } from '@marketplace/contracts';
import { loadMailer, mailSettings } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { Transporter } from 'nodemailer';

/** Invitation emails over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587); unset means email is off. */
@Injectable()
export class InvitationMailer {
  private transport: Promise<Transporter> | undefined;

  get configured(): boolean {
    return !!mailSettings().smtpUrl;
  }

  requireConfigured(): void {
    if (!this.configured) throw AppError.unavailable('Email delivery is not configured; invitations cannot be emailed.');
  }

  async sendInvitation(to: string, inviterName: string, url: string): Promise<void> {
    const smtpUrl = mailSettings().smtpUrl!;
    this.transport ??= loadMailer().then((mailer) =>
      mailer.createTransport(smtpUrl, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 15_000,
      } as never),
    );
    const from = mailSettings().mailFrom;
    await (
      await this.transport
    ).sendMail({
      from,
      to,
      subject: `${inviterName} invited you to the marketplace`,
      text: `${inviterName} invited you to join the job marketplace.\n\nJoin here: ${url}\n\nIf you did not expect this, you can ignore this email.`,
    });
  }
}
