import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, json, renderInApp } from '../../test-kit';
import { BrandingProvider } from '../branding/BrandingProvider';
import { StartPage } from './StartPage';

beforeEach(() => {
  sessionStorage.clear();
  // The intro's progress bar ticks every 100 ms: fake time keeps its updates inside act().
  jest.useFakeTimers();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/** Half a second of the intro: the session is read and the card has faded in. */
const wait = () => act(() => jest.advanceTimersByTimeAsync(600));

function open() {
  renderInApp(
    <BrandingProvider>
      <Routes>
        <Route path="/" element={<StartPage />} />
        <Route path="/food-data" element={<p>Release note</p>} />
      </Routes>
    </BrandingProvider>,
  );
}

describe("the start screen's food-count promise (issue 10)", () => {
  it("leads a signed-in person to 'What's new in the food data'", async () => {
    fakeApi(() => undefined);
    open();
    await wait();
    fireEvent.click(screen.getByRole('button', { name: "What's new in the food data" }));
    await wait();
    expect(screen.getByText('Release note')).toBeTruthy();
    expect(sessionStorage.getItem('hasSeenStartPage')).toBe('true');
  });

  it('offers no such link signed out: the note needs a signed-in person, as the catalogue does', async () => {
    fakeApi((path) => (path === '/api/auth/user' ? json(401, { message: 'Unauthorized' }) : undefined));
    open();
    await wait();
    expect(screen.getByText('890+ FODMAP-rated foods')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "What's new in the food data" })).toBeNull();
  });
});
