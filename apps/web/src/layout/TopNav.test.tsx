import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Level, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../providers/session';
import { Header } from './Header';

afterEach(cleanup);

function session(level: number, flags: TSession['flags'] = []): TSession {
  return {
    user: { id: 'u1', name: 'Anna Admin', email: 'anna@company.example', externalUser: false, externalUserCompany: null, externalUserDistributorAdmin: false },
    level,
    flags,
  };
}

function renderHeader(s: TSession, path: string) {
  return render(
    <SessionContext.Provider value={{ session: s, actor: actorOf(s) }}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('header and top navigation', () => {
  it('shows the e-mail and a Log out link to /auth/logout', () => {
    renderHeader(session(Level.User), '/');
    expect(screen.getByTestId('user-email').textContent).toBe('anna@company.example');
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/auth/logout');
    // Issue 23: what 'Make available offline' stored, for anyone who may open reports.
    expect(screen.getByRole('link', { name: 'On this device' }).getAttribute('href')).toBe('/OnThisDevice');
  });

  it('underlines the item whose route the path equals or begins with, ignoring case', () => {
    renderHeader(session(Level.Admin, ['Developer']), '/Tags/edit');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Tags' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'My page' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current')).length).toBe(1);
  });

  it('marks My page active only on /', () => {
    renderHeader(session(Level.User), '/');
    expect(screen.getByRole('link', { name: 'My page' }).getAttribute('aria-current')).toBe('page');
  });

  it('has no navigation while the level is 0', () => {
    renderHeader(session(Level.None, ['Developer']), '/');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'On this device' })).toBeNull();
  });

  it("closes the 'On this device' tooltip when the icon is pressed, until the pointer leaves it (it covered the navigation)", async () => {
    renderHeader(session(Level.User), '/');
    const icon = screen.getByRole('link', { name: 'On this device' });
    fireEvent.mouseOver(icon);
    await screen.findByRole('tooltip', { name: 'On this device' });
    fireEvent.click(icon);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // the pointer still resting on it, or the kept focus, opens it no more
    fireEvent.mouseOver(icon);
    fireEvent.focus(icon);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
    // left and come back: named again
    fireEvent.mouseLeave(icon);
    fireEvent.mouseOver(icon);
    await screen.findByRole('tooltip', { name: 'On this device' });
  });
});
