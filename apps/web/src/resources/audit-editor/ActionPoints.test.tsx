import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { audit, AUDIT_ID, auditEditorHooks, open, writes } from './auditEditor.test-helpers';
import { AUDIT_TEXT } from './texts';

auditEditorHooks();

describe('audit action points', () => {
  it('accepts a proposal as a short-term action point from its point result', async () => {
    open(audit());
    fireEvent.click(await screen.findByRole('button', { name: /^Accept: SN-77/ }));
    await vi.waitFor(() => expect(writes.addSuggestion).toHaveBeenCalledWith(AUDIT_ID, { type: 'ShortTerm', text: 'SN-77 · Jaw dies wear: worn', sourceResultId: uuid(921) }));
  });

  it('adds, edits and deletes action points, edits a proposal before accepting it and dismisses another', async () => {
    open(audit({ proposals: [
      { resultId: uuid(921), runId: uuid(901), rating: 'Repair', type: 'ShortTerm', text: 'SN-77 · Jaw dies wear: worn' },
      { resultId: uuid(922), runId: uuid(901), rating: 'ImmediateAction', type: 'ShortTerm', text: 'SN-77 · CSS: out of range' },
    ] }));
    writes.editSuggestion.mockResolvedValue({ id: uuid(920), type: 'LongTerm', text: 'x' });
    writes.deleteSuggestion.mockResolvedValue({});
    writes.dismissProposal.mockResolvedValue({});
    fireEvent.click(await screen.findByRole('button', { name: 'Add: Optimization targets' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New action point: Optimization targets' }), { target: { value: 'Feed the crusher evenly' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    await vi.waitFor(() => expect(writes.addSuggestion).toHaveBeenCalledWith(AUDIT_ID, { type: 'OptimizationTarget', text: 'Feed the crusher evenly' }));
    await vi.waitFor(() => expect(screen.queryByRole('textbox', { name: 'New action point: Optimization targets' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit: Plan a second screen' }));
    fireEvent.change(screen.getByRole('textbox', { name: AUDIT_TEXT.edit }), { target: { value: 'Plan a second screen in 2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    await vi.waitFor(() => expect(writes.editSuggestion).toHaveBeenCalledWith(AUDIT_ID, uuid(920), { text: 'Plan a second screen in 2027' }));
    await vi.waitFor(() => expect(screen.queryByRole('textbox', { name: AUDIT_TEXT.edit })).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Plan a second screen' }));
    await vi.waitFor(() => expect(writes.deleteSuggestion).toHaveBeenCalledWith(AUDIT_ID, uuid(920)));

    fireEvent.click(screen.getByRole('button', { name: /^Edit: SN-77 · Jaw dies/ }));
    fireEvent.change(screen.getByRole('textbox', { name: AUDIT_TEXT.proposals }), { target: { value: 'Turn the jaw dies this week' } });
    fireEvent.click(screen.getByRole('button', { name: AUDIT_TEXT.accept }));
    await vi.waitFor(() => expect(writes.addSuggestion).toHaveBeenCalledWith(AUDIT_ID, { type: 'ShortTerm', text: 'Turn the jaw dies this week', sourceResultId: uuid(921) }));
    fireEvent.click(screen.getByRole('button', { name: /^Dismiss: SN-77 · CSS/ }));
    await vi.waitFor(() => expect(writes.dismissProposal).toHaveBeenCalledWith(AUDIT_ID, uuid(922)));
  });

});
