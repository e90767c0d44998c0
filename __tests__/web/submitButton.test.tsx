import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../web/ui/theme';
import { SubmitButton } from '../../src/ui/SubmitButton';

const form = (
  <ThemeProvider theme={theme}>
    <form method="post">
      <SubmitButton $block>ເຂົ້າສູ່ລະບົບ</SubmitButton>
    </form>
  </ThemeProvider>
);

describe('a form’s submit button', () => {
  it('is disabled and busy in the server’s HTML, so a tap before the app has taken over posts nothing', () => {
    const html = renderToString(form);
    const container = document.createElement('div');
    container.innerHTML = html;
    const button = container.querySelector('button')!;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('answers once the browser has hydrated it, and where the browser draws it itself', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(form);
    document.body.appendChild(container);
    await act(async () => {
      render(form, { container, hydrate: true });
    });
    const hydrated = screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' });
    expect(hydrated).toBeEnabled();
    expect(hydrated).not.toHaveAttribute('aria-busy');
    container.remove();

    render(
      <ThemeProvider theme={theme}>
        <SubmitButton disabled>ບັນທຶກ</SubmitButton>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'ບັນທຶກ' })).toBeDisabled();
  });
});
