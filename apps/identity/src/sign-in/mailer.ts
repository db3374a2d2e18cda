import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '@marketplace/contracts';
import { signInConfig } from './sign-in.config.js';

/** Email over SMTP (SMTP_URL). Absent configuration means email features are off, not broken. */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private transport: Transporter | undefined;

  get configured(): boolean {
    return signInConfig.smtpUrl !== undefined;
  }

  async send(message: { to: string; subject: string; text: string; html: string }): Promise<void> {
    if (!signInConfig.smtpUrl) throw AppError.notFound('Email is not configured on this service.');
    this.transport ??= nodemailer.createTransport(signInConfig.smtpUrl, {
      connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000,
    } as never);
    try {
      await this.transport.sendMail({ from: signInConfig.mailFrom, ...message });
    } catch {
      throw AppError.unavailable('Email could not be sent right now. Try again shortly.');
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
