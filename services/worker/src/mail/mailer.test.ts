import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readMails } from '../testing/eml.js';
import { createMailer } from './mailer.js';

const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))));

describe('mailer without SMTP', () => {
  it('writes each message as <timestamp>-<id>.eml in <dataDir>/mail, leaving no temporary file', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'insp-mail-'));
    dirs.push(dataDir);
    const mailer = createMailer({ dataDir, from: 'Inspections <no-reply@company.example>' });
    expect(mailer.kind).toBe('files');
    const link = 'https://insp.example/nosession/SetPassword?userId=4c1b3a3e-5b1d-4f7e-9a59-0c1d2e3f4a5b&token=' + 'x'.repeat(60);
    const sent = await mailer.send({ to: 'ann@example.com', subject: 'Set your password', text: `Hello Ann,\n${link}\n`, html: '<p>Hi</p>', id: 'outbox-7' });

    expect(await readdir(join(dataDir, 'mail'))).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d-]+Z-outbox-7\.eml$/)]);
    expect(sent.file).toMatch(/outbox-7\.eml$/);
    const [mail] = await readMails(dataDir);
    expect(mail.raw).toContain('Subject: Set your password');
    expect(mail.raw).toContain('Message-ID: <outbox-7@company.example>');
    expect(mail.decoded).toContain(link);
    mailer.close();
  });
});
