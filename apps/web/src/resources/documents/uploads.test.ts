import { describe, expect, it } from 'vitest';
import { kb, planUploads, uploadRowText, UPLOAD_TEXT } from './uploads';
import { packageLine } from './PackagesPanel';
import { startsOpen } from './CategoryTree';

const file = (name: string) => new File(['x'], name);

describe('document uploads', () => {
  it('sends nothing when no files were chosen', () => {
    expect(planUploads([], ['a.pdf'])).toEqual({ send: [], skipped: [] });
  });

  it('skips a second file of the same name in the choice and a name already listed, ignoring case', () => {
    const { send, skipped } = planUploads([file('Manual.pdf'), file('manual.PDF'), file('Parts.xlsx'), file('old.txt')], ['OLD.txt']);
    expect(send.map((f) => f.name)).toEqual(['Manual.pdf', 'Parts.xlsx']);
    expect(skipped.map((f) => f.name)).toEqual(['manual.PDF', 'old.txt']);
  });

  it('shows the spec texts for each state', () => {
    expect(uploadRowText({ key: 'a', fileName: 'a.pdf', state: 'uploading', progress: 0.4 })).toBe('Uploading...');
    expect(uploadRowText({ key: 'a', fileName: 'a.pdf', state: 'done' })).toBe('Successfully uploaded a.pdf');
    expect(uploadRowText({ key: 'a', fileName: 'a.pdf', state: 'failed', reason: 'too large' })).toBe('Upload failed: too large');
    expect([UPLOAD_TEXT.deleteFailed, UPLOAD_TEXT.deleted, UPLOAD_TEXT.saving]).toEqual(['Delete failed', 'Successfully deleted!', 'Saving']);
  });

  it('gives sizes in KB to 2 decimals', () => {
    expect(kb(1536)).toBe('1.50 KB');
    expect(kb(100)).toBe('0.10 KB');
    expect(kb(0)).toBe('0.00 KB');
  });

  it('describes a package as N files, type', () => {
    expect(packageLine({ documentCount: 2, typeName: 'Manual synching' }))
      .toBe('2 files, Manual synching');
  });

  it('starts a category with more than 5 documents collapsed', () => {
    const node = (totalCount: number) => ({ id: '1', name: 'c', nameTranslationKey: null, parentCategoryId: null, documentCount: 0, totalCount, subCategories: [] });
    expect(startsOpen(node(5))).toBe(true);
    expect(startsOpen(node(6))).toBe(false);
  });
});
