import { useEffect, useState } from 'react';
import { render, screen } from '@testing-library/react';
import { failOnActWarnings, stopWatchingActWarnings, takeActWarnings, watchActWarnings } from '../support/actWarnings';

/** A greeting that arrives when the test answers, as a server's would. */
function withLateGreeting() {
  let answer: (text: string) => void = () => {};
  const answered = new Promise<string>((resolve) => (answer = resolve));
  function LateGreeting() {
    const [text, setText] = useState('waiting');
    useEffect(() => {
      void answered.then(setText);
    }, []);
    return <p>{text}</p>;
  }
  return { LateGreeting, answer, answered };
}

// The watch and check the web set-up runs around each test, shown to fail when they should and only then.
describe('the act() warning check', () => {
  let passedOn: jest.SpyInstance;
  // The set-up's watch is started again over a quiet console.error, so that the warning this test
  // provokes on purpose is noted and passed on, but not printed among real ones.
  beforeEach(() => {
    stopWatchingActWarnings();
    passedOn = jest.spyOn(console, 'error').mockImplementation(() => {});
    watchActWarnings();
  });
  afterEach(() => {
    stopWatchingActWarnings();
    passedOn.mockRestore();
    watchActWarnings();
  });

  it('fails a test whose component updates after a promise it did not wait for', async () => {
    const { LateGreeting, answer, answered } = withLateGreeting();
    render(<LateGreeting />);
    answer('hello');
    await answered;
    expect(passedOn).toHaveBeenCalledWith(expect.stringContaining('not wrapped in act'), 'LateGreeting');
    // Taken here so that the set-up's own check, after this test, finds them gone.
    const warnings = takeActWarnings();
    expect(() => failOnActWarnings(warnings)).toThrow(/1 × An update to LateGreeting inside a test was not wrapped in act/);
  });

  it('passes a test that waits for what the user ends up seeing', async () => {
    const { LateGreeting, answer } = withLateGreeting();
    render(<LateGreeting />);
    answer('hello');
    expect(await screen.findByText('hello')).toBeInTheDocument();
    const warnings = takeActWarnings();
    expect(warnings).toEqual([]);
    expect(() => failOnActWarnings(warnings)).not.toThrow();
  });

  it('passes other console errors on without failing for them', () => {
    console.error('Request failed: %s', 'timeout');
    expect(passedOn).toHaveBeenCalledWith('Request failed: %s', 'timeout');
    expect(takeActWarnings()).toEqual([]);
  });
});
