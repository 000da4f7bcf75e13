/**
 * Real-name verification over HTTP (issue 20, item 16): each document type's number rule (the
 * web form's own, @bourse/contract kyc.ts), the masked details a pending or verified user sees,
 * and the full previous submission offered back after a rejection so "Submit again" starts filled in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWithFiles } from './helpers';
import { api, freshIp, operatorToken, registerByEmail, upload as uploadFile, type H } from './identity-helpers';

let h: H;
let op: string;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

const upload = (token: string) => uploadFile(h, token, JPEG, { filename: 'id.jpg', type: 'image/jpeg', ip: freshIp() });

interface State {
  status: string;
  name: string | null;
  card_id: string | null;
  id_type: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  resubmit: null | {
    real_type: number;
    id_type: string;
    name: string;
    card_id: string;
    front_pic: string;
    reverse_pic: string;
  };
}

const state = async (token: string) =>
  (await api(h, 'GET', '/api/real/state', {}, { token })).message as State;

async function pendingId(email: string): Promise<number> {
  const q = (await api(h, 'GET', '/api/admin/kyc', { status: '1' }, { token: op })).message as {
    items: Array<{ id: number; email: string }>;
  };
  return q.items.find((i) => i.email === email)!.id;
}

beforeAll(async () => {
  h = await testAppWithFiles('kyc-test-');
  op = await operatorToken(h, { ip: '10.250.0.9' });
});
afterAll(() => h.close());

describe('document numbers per type', () => {
  it('accepts each type by its own rule and refuses what the form refuses', async () => {
    const cases: Array<[type: string, number: string, ok: boolean]> = [
      ['id_card', '1234567890123', true], // a Thai national ID: not only mainland China numbers
      ['id_card', '110101199003074515', false], // mainland format, wrong check character
      ['passport', 'E1234 5678', true],
      ['passport', 'E123456789', false], // 10 characters
      ['driver_license', 'D123-456-789', true],
      ['driver_license', 'D/123', false],
      ['other', 'AB-12', true],
      ['other', 'ABCDE', false], // no digit
    ];
    for (const [i, [type, number, ok]] of cases.entries()) {
      const email = `kyc-rule-${i}@example.com`;
      const t = await registerByEmail(h, email);
      const front = await upload(t);
      const back = await upload(t);
      const r = await api(
        h,
        'POST',
        '/api/user/real',
        {
          real_type: 1,
          id_type: type,
          name: 'Somchai Jaidee',
          card_id: number,
          front_pic: front,
          reverse_pic: back,
        },
        { token: t },
      );
      if (ok)
        expect(r, `${type} ${number}`).toMatchObject({
          type: 'ok',
          message: { status: 'pending', id_type: type },
        });
      else expect(r.error, `${type} ${number}`).toBe('id_number_invalid');
    }
  });

  it('refuses a name with markup', async () => {
    const t = await registerByEmail(h, 'kyc-name@example.com');
    const r = await api(
      h,
      'POST',
      '/api/user/real',
      {
        real_type: 1,
        id_type: 'passport',
        name: '<b>Li</b>',
        card_id: 'E12345678',
        front_pic: await upload(t),
        reverse_pic: await upload(t),
      },
      { token: t },
    );
    expect(r.error).toBe('field_invalid');
  });
});

describe('what the user sees', () => {
  it('rejected: the previous submission in full; pending and verified: masked name and number with dates', async () => {
    const email = 'kyc-flow@example.com';
    const t = await registerByEmail(h, email);
    const front = await upload(t);
    const back = await upload(t);
    const sent = {
      real_type: 1,
      id_type: 'passport',
      name: 'Zhang San',
      card_id: 'e12345678',
      front_pic: front,
      reverse_pic: back,
    };
    const pending = (await api(h, 'POST', '/api/user/real', sent, { token: t })).message as State;
    expect(pending).toMatchObject({
      status: 'pending',
      name: 'Z**** S**',
      card_id: 'E12****78',
      id_type: 'passport',
      reviewed_at: null,
      resubmit: null,
    });
    expect(pending.submitted_at).toBe('2026-11-22T08:00:00.000Z');

    expect(
      (
        await api(
          h,
          'POST',
          `/api/admin/kyc/${await pendingId(email)}/reject`,
          { reason: 'Photo is blurred' },
          { token: op },
        )
      ).type,
    ).toBe('ok');
    const rejected = await state(t);
    expect(rejected).toMatchObject({ status: 'rejected', name: 'Z**** S**' });
    expect(rejected.resubmit).toEqual({
      real_type: 1,
      id_type: 'passport',
      name: 'Zhang San',
      card_id: 'E12345678',
      front_pic: front,
      reverse_pic: back,
    });

    // Sent again as offered (the photos are still the user's own uploads).
    const again = await api(h, 'POST', '/api/user/real', { ...rejected.resubmit, lang: 'en' }, { token: t });
    expect(again).toMatchObject({ type: 'ok', message: { status: 'pending', resubmit: null } });

    h.clock.advance(3_600_000);
    expect(
      (await api(h, 'POST', `/api/admin/kyc/${await pendingId(email)}/approve`, {}, { token: op })).type,
    ).toBe('ok');
    const approved = await state(t);
    expect(approved).toMatchObject({
      status: 'approved',
      name: 'Z**** S**',
      card_id: 'E12****78',
      id_type: 'passport',
      resubmit: null,
    });
    expect(approved.reviewed_at).toBe('2026-11-22T09:00:00.000Z');
    // Nothing in the answer carries the full number or name any more.
    expect(JSON.stringify(approved)).not.toContain('E12345678');
    expect(JSON.stringify(approved)).not.toContain('Zhang San');
  });
});
