import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLaunchGameMutation } from '../../api/games';
import type { Provider } from '../../../contract/providers';
import { failureCodeOf } from '../../../contract/errors';

/**
 * Opens a game of the provider in a new window. The window is opened inside the click, so no pop-up
 * blocker stops it, and pointed at the game once the server gives its URL; when the browser still
 * refuses a window, the page itself goes to the game. A refusal (e.g. NO_CREDIT) closes the window
 * and is kept as `failure` (an error code) for the page to show.
 */
export function useLaunchGame(provider: Provider) {
  const { i18n } = useTranslation();
  const [launchGame, { isLoading, originalArgs }] = useLaunchGameMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const launch = useCallback(
    async (gameCode?: string) => {
      setFailure(null);
      const gameWindow = window.open('', '_blank');
      try {
        const { url } = await launchGame({ provider, gameCode, language: i18n.language }).unwrap();
        const target = new URL(url, window.location.href).href;
        if (gameWindow) {
          // The game page must not be able to reach back into this one.
          gameWindow.opener = null;
          gameWindow.location.href = target;
        } else {
          window.location.assign(target);
        }
      } catch (error) {
        gameWindow?.close();
        setFailure(failureCodeOf(error));
      }
    },
    [launchGame, provider, i18n.language],
  );

  return { launch, launchingCode: isLoading ? (originalArgs?.gameCode ?? '') : null, failure };
}
