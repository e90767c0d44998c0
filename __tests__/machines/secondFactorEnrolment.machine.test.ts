import { createActor, fromPromise, waitFor } from 'xstate';
import { secondFactorEnrolmentMachine } from '../../machines/secondFactorEnrolment.machine';

/** A refused call as the console's API reports it: an error carrying the API's code. */
const apiError = (code: string) => Object.assign(new Error(code), { code });

/** The enrolment with API calls that answer as the test says: a list of outcomes per call, taken in order. */
function enrolment({ starts, confirms }: { starts: Array<'ok' | 'fail'>; confirms: Array<'ok' | 'wrong'> }) {
  const confirmed: string[] = [];
  const actor = createActor(
    secondFactorEnrolmentMachine.provide({
      actors: {
        startEnrolment: fromPromise(async () => {
          if (starts.shift() === 'fail') throw apiError('INTERNAL');
          return { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Champa:anna?secret=JBSWY3DPEHPK3PXP&issuer=Champa' };
        }),
        confirmEnrolment: fromPromise(async ({ input }: { input: string }) => {
          confirmed.push(input);
          if (confirms.shift() === 'wrong') throw apiError('TOTP_INVALID');
          return ['abcd-efgh', 'jkmn-pqrs'];
        }),
      },
    }),
  ).start();
  return { actor, confirmed };
}

describe('second factor enrolment machine', () => {
  it('starts, takes the first code, shows the recovery codes and ends only when they are kept', async () => {
    const { actor, confirmed } = enrolment({ starts: ['ok'], confirms: ['ok'] });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('scanning'));
    expect(actor.getSnapshot().context).toMatchObject({ secret: 'JBSWY3DPEHPK3PXP', errorCode: null });

    actor.send({ type: 'code.submit', code: '123456' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('showingRecoveryCodes'));
    expect(confirmed).toEqual(['123456']);
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(['abcd-efgh', 'jkmn-pqrs']);

    actor.send({ type: 'code.submit', code: '999999' });
    expect(actor.getSnapshot().value).toBe('showingRecoveryCodes');
    actor.send({ type: 'codes.saved' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes back to scanning with the refusal after a wrong code, and clears it with the right one', async () => {
    const { actor } = enrolment({ starts: ['ok'], confirms: ['wrong', 'ok'] });
    await waitFor(actor, (snapshot) => snapshot.matches('scanning'));
    actor.send({ type: 'code.submit', code: '000000' });
    await waitFor(actor, (snapshot) => snapshot.matches('scanning') && snapshot.context.errorCode !== null);
    expect(actor.getSnapshot().context.errorCode).toBe('TOTP_INVALID');
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.matches('showingRecoveryCodes'));
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('offers a retry when the enrolment cannot start, and ignores codes until it has', async () => {
    const { actor, confirmed } = enrolment({ starts: ['fail', 'ok'], confirms: ['ok'] });
    await waitFor(actor, (snapshot) => snapshot.matches('startFailed'));
    actor.send({ type: 'code.submit', code: '123456' });
    expect(actor.getSnapshot().value).toBe('startFailed');
    expect(confirmed).toEqual([]);
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('scanning'));
  });
});
