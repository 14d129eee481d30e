import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useEditVersion, type VersionStamp } from './useEditVersion';

function setup(me: string | null, flags: { inFlight?: boolean; local?: boolean } = {}) {
  const adopt = vi.fn();
  const hook = renderHook(({ stamp }: { stamp: VersionStamp }) =>
    useEditVersion(stamp, { me, inFlight: () => !!flags.inFlight, hasLocalEdits: () => !!flags.local, adopt }), { initialProps: { stamp: { version: 3, updatedAt: 1, updatedBy: 'Ann' } } });
  return { adopt, hook };
}

describe('useEditVersion (issue 23)', () => {
  it('a newer version of my own (another tab of mine) is taken as the base and shown, without news', () => {
    const { adopt, hook } = setup('Ann');
    hook.rerender({ stamp: { version: 4, updatedAt: 2, updatedBy: 'Ann' } });
    expect(adopt).toHaveBeenCalledTimes(1);
    expect(hook.result.current.conflict).toBeNull();
    expect(hook.result.current.base()).toBe(4);
  });

  it("someone else's newer version is shown and told; an older or equal one is ignored", () => {
    const { adopt, hook } = setup('Ann');
    hook.rerender({ stamp: { version: 3, updatedAt: 2, updatedBy: 'Manager' } });
    expect(adopt).not.toHaveBeenCalled();
    hook.rerender({ stamp: { version: 5, updatedAt: 9, updatedBy: 'Manager' } });
    expect(adopt).toHaveBeenCalledTimes(1);
    expect(hook.result.current.conflict).toEqual({ kind: 'changed', by: 'Manager', at: 9 });
    expect(hook.result.current.base()).toBe(5);
  });

  it('with unsaved edits keeps them and the base (the save then reports what it replaced); in flight says nothing yet', () => {
    const local = setup('Ann', { local: true });
    local.hook.rerender({ stamp: { version: 5, updatedAt: 9, updatedBy: 'Manager' } });
    expect(local.adopt).not.toHaveBeenCalled();
    expect(local.hook.result.current.conflict?.kind).toBe('kept');
    expect(local.hook.result.current.base()).toBe(3);
    act(() => local.hook.result.current.answered({ version: 6, overwritten: [{ field: 'result', resultId: null, version: 5, updatedAt: 9, updatedBy: 'Manager' }] }));
    expect(local.hook.result.current.conflict?.kind).toBe('replaced');
    expect(local.hook.result.current.base()).toBe(6);
    const flying = setup('Ann', { inFlight: true });
    flying.hook.rerender({ stamp: { version: 5, updatedAt: 9, updatedBy: 'Manager' } });
    expect(flying.hook.result.current.conflict).toBeNull();
    expect(flying.adopt).not.toHaveBeenCalled();
  });

  it("a local answer (kept on the device, the version sent) does not move the base or clear 'kept'", () => {
    const { hook } = setup('Ann', { local: true });
    hook.rerender({ stamp: { version: 5, updatedAt: 9, updatedBy: 'Manager' } });
    act(() => hook.result.current.answered({ version: 3 }));
    expect(hook.result.current.base()).toBe(3);
    expect(hook.result.current.conflict?.kind).toBe('kept');
  });
});
