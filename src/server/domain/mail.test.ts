// domain/mail.ts against a real SMTP server (the test kit): plain and authenticated SMTP URLs, the sender, and
// Chinese subjects and bodies arriving intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMail, mailEnabled, mailFrom, MailNotConfiguredError, sendMail } from './mail.js';
import { startTestSmtp, type TestSmtp } from './mail.test-kit.js';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  closeMail();
  await smtp?.close();
});

describe('sendMail', () => {
  it('delivers text and html with a Chinese subject, from MAIL_FROM', async () => {
    const config = { smtpUrl: smtp.url, mailFrom: '学堂 <noreply@school.example.org>' };
    await sendMail(config, { to: 'parent@example.org', subject: '作业已批改：小猫走迷宫', text: '老师给了 95 分。', html: '<p>老师给了 <b>95</b> 分。</p>' });
    const mail = await smtp.nextMessage();
    expect(mail).toMatchObject({ from: 'noreply@school.example.org', to: ['parent@example.org'], subject: '作业已批改：小猫走迷宫' });
    expect(mail.text.trim()).toBe('老师给了 95 分。');
    expect(mail.html).toContain('<b>95</b>');
  });

  it('logs in with the credentials of the URL; without MAIL_FROM the SMTP user is the sender', async () => {
    const config = { smtpUrl: `smtp://robot%40school.example.org:s3cret@127.0.0.1:${smtp.port}` };
    expect(mailFrom(config)).toBe('robot@school.example.org');
    await sendMail(config, { to: 'a@example.org', subject: 'hi', text: 'plain' });
    expect(await smtp.nextMessage()).toMatchObject({ from: 'robot@school.example.org', subject: 'hi' });
  });

  it('is off without SMTP_URL', async () => {
    expect(mailEnabled({})).toBe(false);
    expect(mailFrom({})).toBe('xuetang@localhost');
    await expect(sendMail({}, { to: 'a@example.org', subject: 'x', text: 'x' })).rejects.toBeInstanceOf(MailNotConfiguredError);
  });
});
