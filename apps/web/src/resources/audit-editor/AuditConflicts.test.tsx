import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { TAudit } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { blankResult, measurementPoint, radioPoint, uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { audit, AUDIT_ID, auditEditorHooks, open, run, writes } from './auditEditor.test-helpers';
import { AUDIT_TEXT } from './texts';
import { whenText } from '../../edit-conflicts';

auditEditorHooks();

const AT = Date.UTC(2026, 10, 3, 8, 2);
const time = whenText(AT);
/** The audit with the CSS point answered '20' at `version`, last written by `by`. */
function withCss(version: number, value: string, by = 'Ann Auditor'): TAudit {
  const css = measurementPoint({ content: blankResult({ id: uuid(907), value, version, updatedAt: AT, updatedBy: by }) });
  return audit({ inspectionProtocolRuns: [run({ categories: [{ id: uuid(906), title: 'Crusher', index: 0, inspectionPoints: [radioPoint(), css] }] })] });
}
const cssBox = () => screen.getByRole('region', { name: measurementPoint().name });
const cssInput = () => within(cssBox()).getAllByRole('textbox')[0] as HTMLInputElement;
const notice = () => within(cssBox()).queryByTestId('conflict-notice');
/** Serves `next` from now on and reads the audit again (as focus, reconnect or the 30 s poll would). */
async function reread(current: TAudit, next: TAudit) {
  Object.assign(current, next);
  await act(() => queryClient.refetchQueries());
  await act(() => new Promise((r) => setTimeout(r, 20))); // react-query tells its observers on a timer
}

describe('audit editor: two people on one field (issue 23)', () => {
  it('sends the version the edit started from and tells who was overwritten, then sends the answered version', async () => {
    open(withCss(3, '20'));
    await screen.findByRole('region', { name: measurementPoint().name });
    vi.useFakeTimers();
    writes.updateAuditResult.mockResolvedValueOnce({ ...blankResult({ id: uuid(907), value: '24', version: 5 }), overwritten: [{ field: 'result', resultId: uuid(907), version: 4, updatedAt: AT, updatedBy: 'Manager' }] });
    fireEvent.change(cssInput(), { target: { value: '24' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.updateAuditResult).toHaveBeenLastCalledWith(AUDIT_ID, uuid(907), expect.objectContaining({ value: '24', version: 3 }));
    expect(notice()?.textContent).toContain(`Crusher setting (CSS) was changed by Manager at ${time} while you were editing; your answer replaced it.`);
    writes.updateAuditResult.mockResolvedValueOnce(blankResult({ id: uuid(907), value: '25', version: 6 }));
    fireEvent.change(cssInput(), { target: { value: '25' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.updateAuditResult).toHaveBeenLastCalledWith(AUDIT_ID, uuid(907), expect.objectContaining({ value: '25', version: 5 }));
    fireEvent.click(within(notice()!).getByRole('button', { name: 'Dismiss' }));
    expect(notice()).toBeNull();
  });

  it("shows someone else's newer answer when the audit is read again, and says who changed it", async () => {
    const served = withCss(3, '20');
    open(served);
    await screen.findByRole('region', { name: measurementPoint().name });
    expect(cssInput().value).toBe('20');
    await reread(served, withCss(4, '31', 'Manager'));
    expect(cssInput().value).toBe('31');
    expect(notice()?.textContent).toContain(`Crusher setting (CSS) was changed by Manager at ${time}.`);
    // the next save starts from the version read
    vi.useFakeTimers();
    fireEvent.change(cssInput(), { target: { value: '32' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.updateAuditResult).toHaveBeenLastCalledWith(AUDIT_ID, uuid(907), expect.objectContaining({ value: '32', version: 4 }));
  });

  it('keeps an unsaved answer when a read shows a newer one, and tells the user', async () => {
    const served = withCss(3, '20');
    open(served);
    await screen.findByRole('region', { name: measurementPoint().name });
    fireEvent.change(cssInput(), { target: { value: '22' } }); // pending: the autosave's second has not passed
    await reread(served, withCss(4, '31', 'Manager'));
    expect(cssInput().value).toBe('22');
    expect(notice()?.getAttribute('data-kind')).toBe('kept');
    expect(notice()?.textContent).toContain('Crusher setting (CSS) was changed by Manager');
    await vi.waitFor(() => expect(writes.updateAuditResult).toHaveBeenCalledWith(AUDIT_ID, uuid(907), expect.objectContaining({ value: '22', version: 3 })));
  });

  it("sends a text's version and shows someone else's newer text", async () => {
    const served = audit({ summary: 'Old summary', textVersions: { summary: { version: 2, updatedAt: AT, updatedBy: 'Ann Auditor' } } });
    open(served);
    const summary = await screen.findByRole('textbox', { name: AUDIT_TEXT.summary });
    await reread(served, audit({ summary: 'Manager summary', textVersions: { summary: { version: 3, updatedAt: AT, updatedBy: 'Manager' } } }));
    expect((summary as HTMLTextAreaElement).value).toBe('Manager summary');
    expect(screen.getByTestId('conflict-notice').textContent).toContain(`${AUDIT_TEXT.summary} was changed by Manager at ${time}.`);
    vi.useFakeTimers();
    fireEvent.change(summary, { target: { value: 'Mine' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.setAuditText).toHaveBeenLastCalledWith(AUDIT_ID, 'summary', 'Mine', 3);
  });
});
