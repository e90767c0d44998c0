import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { PlayerBankAccountChange, PlayerProfile } from '../../../contract/adminPlayers';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import {
  useChangeBankAccountMutation,
  useResetPasswordMutation,
  useRestorePlayerMutation,
  useSetBacklistedMutation,
  useSuspendPlayerMutation,
} from '../../api/players';
import { BankAccountDialog } from './BankAccountDialog';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { usePlayerAction } from './usePlayerAction';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
`;

type Asking = 'backlist' | 'unbacklist' | 'suspend' | 'restore' | 'resetPassword' | 'bankAccount' | null;

/** One button per action; backlist and suspension offer their opposite once in force. */
function ActionButtons({ player, onAsk }: { player: PlayerProfile['player']; onAsk: (action: Asking) => void }) {
  const { t } = useTranslation();
  return (
    <>
      {player.backlisted ? (
        <Button $variant="secondary" onClick={() => onAsk('unbacklist')}>
          {t('players.actions.unbacklist')}
        </Button>
      ) : (
        <Button $variant="danger" onClick={() => onAsk('backlist')}>
          {t('players.actions.backlist')}
        </Button>
      )}
      {player.suspended ? (
        <Button $variant="secondary" onClick={() => onAsk('restore')}>
          {t('players.actions.restore')}
        </Button>
      ) : (
        <Button $variant="danger" onClick={() => onAsk('suspend')}>
          {t('players.actions.suspend')}
        </Button>
      )}
      <Button $variant="secondary" onClick={() => onAsk('bankAccount')}>
        {t('players.actions.bankAccount')}
      </Button>
      <Button $variant="secondary" onClick={() => onAsk('resetPassword')}>
        {t('players.actions.resetPassword')}
      </Button>
    </>
  );
}

/** The owner's actions on the player, each behind a dialog that asks for the reason. */
export function PlayerActions({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation();
  const { player } = profile;
  const id = player.id;
  const { busy, run } = usePlayerAction();
  const [asking, setAsking] = useState<Asking>(null);
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const [setBacklisted] = useSetBacklistedMutation();
  const [suspend] = useSuspendPlayerMutation();
  const [restore] = useRestorePlayerMutation();
  const [changeBankAccount] = useChangeBankAccountMutation();
  const [resetPassword] = useResetPasswordMutation();
  const close = () => setAsking(null);
  const done = (answer: unknown) => answer !== undefined;

  const reasonDialogs = {
    backlist: {
      danger: true,
      send: (reason: string) => run(() => setBacklisted({ id, blocked: true, reason }), 'players.actions.backlisted'),
    },
    unbacklist: {
      danger: false,
      send: (reason: string) => run(() => setBacklisted({ id, blocked: false, reason }), 'players.actions.unbacklisted'),
    },
    suspend: { danger: true, send: (reason: string) => run(() => suspend({ id, reason }), 'players.actions.suspended') },
    restore: { danger: false, send: (reason: string) => run(() => restore({ id, reason }), 'players.actions.restored') },
    resetPassword: {
      danger: true,
      send: async (reason: string) => {
        const answer = await run(() => resetPassword({ id, reason }), 'players.actions.passwordReset');
        if (answer) setTemporaryPassword(answer.temporaryPassword);
        return answer;
      },
    },
  } as const;
  const open = asking && asking !== 'bankAccount' ? asking : null;

  return (
    <Bar>
      <ActionButtons player={player} onAsk={setAsking} />
      <ReasonDialog
        open={open !== null}
        title={open ? t(`players.actions.${open}Title`, { username: player.username }) : ''}
        confirmLabel={open ? t(`players.actions.${open}`) : ''}
        danger={open ? reasonDialogs[open].danger : false}
        busy={busy}
        onConfirm={async (reason) => (open ? done(await reasonDialogs[open].send(reason)) : false)}
        onClose={close}
      >
        <Notice $tone="warning">{open ? t(`players.actions.${open}Explanation`) : ''}</Notice>
      </ReasonDialog>
      <BankAccountDialog
        open={asking === 'bankAccount'}
        current={profile.bankAccount}
        busy={busy}
        onChange={async (change: PlayerBankAccountChange) =>
          done(await run(() => changeBankAccount({ id, ...change }), 'players.actions.bankAccountChanged'))
        }
        onClose={close}
      />
      <TemporaryPasswordDialog password={temporaryPassword} username={player.username} onClose={() => setTemporaryPassword(null)} />
    </Bar>
  );
}
