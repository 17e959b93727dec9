import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { guardedPath, useLeaveGuard } from './useLeaveGuard';

const ORIGIN = 'http://localhost';

function clickOn(anchor: HTMLAnchorElement, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: anchor });
  return event;
}

function anchor(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  return a;
}

describe('guardedPath', () => {
  it('gives the path of a plain click on a link of this origin', () => {
    expect(guardedPath(clickOn(anchor('/fences?x=1#a')), ORIGIN, '/edit')).toBe('/fences?x=1#a');
  });

  it('lets through what does not leave the page or opens elsewhere', () => {
    expect(guardedPath(clickOn(anchor('/edit')), ORIGIN, '/edit')).toBeNull();
    expect(guardedPath(clickOn(anchor('https://example.com/')), ORIGIN, '/edit')).toBeNull();
    expect(guardedPath(clickOn(anchor('/x', { target: '_blank' })), ORIGIN, '/edit')).toBeNull();
    expect(guardedPath(clickOn(anchor('/x', { download: '' })), ORIGIN, '/edit')).toBeNull();
    expect(guardedPath(clickOn(anchor('/x'), { ctrlKey: true }), ORIGIN, '/edit')).toBeNull();
    expect(guardedPath(clickOn(anchor('/x'), { button: 1 }), ORIGIN, '/edit')).toBeNull();
  });
});

function Editor() {
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  return (
    <>
      <button onClick={() => setDirty(true)}>Change</button>
      <a href="/list">List</a>
      <button onClick={() => guard.release('/list', { saved: true })}>Save</button>
      {guard.pending !== null && (
        <div role="dialog" aria-label={`Leave for ${guard.pending}?`}>
          <button onClick={guard.leave}>Leave</button>
          <button onClick={guard.stay}>Stay</button>
        </div>
      )}
    </>
  );
}

function List() {
  const state = useLocation().state as { saved?: boolean } | null;
  return <p>{state?.saved ? 'List, saved' : 'List'}</p>;
}

function renderEditor() {
  render(
    <MemoryRouter initialEntries={['/edit']}>
      <Routes>
        <Route path="/edit" element={<Editor />} />
        <Route path="/list" element={<List />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useLeaveGuard', () => {
  // fireEvent returns false when a listener prevented the default, i.e. the guard held the link.
  it('lets a link through while nothing changed', () => {
    renderEditor();
    expect(fireEvent.click(screen.getByRole('link', { name: 'List' }))).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a link leaves unsaved changes; Stay keeps the page, Leave goes', () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(fireEvent.click(screen.getByRole('link', { name: 'List' }))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'List' }));
    expect(screen.getByRole('dialog', { name: 'Leave for /list?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('List')).toBeInTheDocument();
  });

  it('has the browser ask before a reload with changes', () => {
    renderEditor();
    const quiet = new Event('beforeunload', { cancelable: true });
    act(() => void window.dispatchEvent(quiet));
    expect(quiet.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const asked = new Event('beforeunload', { cancelable: true });
    act(() => void window.dispatchEvent(asked));
    expect(asked.defaultPrevented).toBe(true);
  });

  it('navigates without asking after a release, with the state given', () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('List, saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
