import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../src/i18n';
import { Dialog, DialogActions } from '../../web/ui/Dialog';
import { theme } from '../../web/ui/theme';

/** An open dialog whose owner, as most do, hands it a new onClose each render. */
function OpenDialog({ onClose }: { onClose: () => void }) {
  return (
    <I18nextProvider i18n={initI18n('lo')}>
      <ThemeProvider theme={theme}>
        <Dialog open title="Cancel the order?" onClose={() => onClose()}>
          <DialogActions>
            <button type="button">Back</button>
            <button type="button">Cancel the order</button>
          </DialogActions>
        </Dialog>
      </ThemeProvider>
    </I18nextProvider>
  );
}

describe('a dialog drawn again while open', () => {
  it('keeps focus where the player moved it, and Escape calls the latest onClose', async () => {
    const user = userEvent.setup();
    const first = jest.fn();
    const latest = jest.fn();
    const { rerender } = render(<OpenDialog onClose={first} />);
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toHaveFocus();
    rerender(<OpenDialog onClose={latest} />);
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });
});
