import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { measurementPoint, uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { fakeMedia } from '../inspection-edit/voice/fakeMedia.test-helpers';
import { EDIT_TEXT } from '../inspection-edit/texts';
import { VOICE_TEXT } from '../inspection-edit/voice/texts';
import { AUDIT_ID, audit, auditEditorHooks, open, run, writes } from './auditEditor.test-helpers';

auditEditorHooks();

const withVoice = () => measurementPoint({ voiceCommentField: { present: true } });
const openWithVoice = () =>
  open(audit({ inspectionProtocolRuns: [run({ categories: [{ id: uuid(906), title: 'Crusher', index: 0, inspectionPoints: [withVoice()] }] })] }));
const region = () => screen.findByRole('region', { name: withVoice().name });
const button = (scope: HTMLElement, name: RegExp) => within(scope).getByRole('button', { name });

describe('recording a voice comment in the audit editor (issue 23)', () => {
  it('records with the microphone showing the elapsed time, plays it back, uploads it once and saves the point naming it', async () => {
    const media = fakeMedia();
    openWithVoice();
    const point = await region();
    vi.useFakeTimers();
    await act(async () => fireEvent.click(button(point, /^Record voice comment/)));
    expect(media.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(within(point).getByText(VOICE_TEXT.recording('0:00')).getAttribute('role')).toBe('status');
    await act(async () => vi.advanceTimersByTime(3100));
    expect(within(point).getByText(VOICE_TEXT.recording('0:03'))).toBeTruthy();
    await act(async () => fireEvent.click(button(point, /^Stop recording/)));
    expect(media.stopTrack).toHaveBeenCalled(); // the microphone is released
    // Played back from the device before it is sent.
    expect(within(point).getByLabelText(`Voice comment: ${withVoice().name}`).getAttribute('src')).toBe('blob:preview');
    expect(button(point, /^Record again/)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.uploadVoiceComment).toHaveBeenCalledTimes(1);
    const [blob, fileName] = vi.mocked(writes.uploadVoiceComment).mock.calls[0]!;
    expect([blob.type, fileName]).toEqual(['audio/webm;codecs=opus', 'voice-comment.webm']);
    expect(writes.createAuditResult).toHaveBeenCalledWith(AUDIT_ID, uuid(901), withVoice().protocolPointId, expect.objectContaining({ voiceCommentId: uuid(998) }));
    // Deleting it saves the point without one; nothing is uploaded again.
    await act(async () => fireEvent.click(button(point, /^Delete voice comment/)));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.updateAuditResult).toHaveBeenLastCalledWith(AUDIT_ID, uuid(950), expect.objectContaining({ voiceCommentId: null }));
    expect(writes.uploadVoiceComment).toHaveBeenCalledTimes(1);
  });

  it('says so when the microphone is refused or missing, and saves nothing', async () => {
    fakeMedia('NotAllowedError');
    openWithVoice();
    const point = await region();
    await act(async () => fireEvent.click(button(point, /^Record voice comment/)));
    expect(within(point).getByText(VOICE_TEXT.refused)).toBeTruthy();
    fakeMedia('NotFoundError');
    await act(async () => fireEvent.click(button(point, /^Record voice comment/)));
    expect(within(point).getByText(VOICE_TEXT.noMicrophone)).toBeTruthy();
    expect(writes.uploadVoiceComment).not.toHaveBeenCalled();
  });

  it('a point without the voice comment field offers no recorder', async () => {
    fakeMedia();
    open(audit({ inspectionProtocolRuns: [run({ categories: [{ id: uuid(906), title: 'Crusher', index: 0, inspectionPoints: [measurementPoint()] }] })] }));
    const point = await screen.findByRole('region', { name: measurementPoint().name });
    expect(within(point).queryByRole('button', { name: /Record voice comment/ })).toBeNull();
  });

  it("'Take photo' opens the camera input and adds the photo to that point", async () => {
    openWithVoice();
    const point = await region();
    const camera = within(point).getByTestId('camera-input') as HTMLInputElement;
    expect([camera.accept, camera.getAttribute('capture')]).toEqual(['image/*', 'environment']);
    const clicked = vi.spyOn(camera, 'click');
    fireEvent.click(button(point, /^Take photo/));
    expect(clicked).toHaveBeenCalled();
    vi.useFakeTimers();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'image.jpg', { type: 'image/jpeg' });
    fireEvent.change(camera, { target: { files: [photo] } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.uploadPhoto).toHaveBeenCalledWith(photo, 'image.jpg');
    expect(writes.createAuditResult).toHaveBeenCalledWith(AUDIT_ID, uuid(901), withVoice().protocolPointId, expect.objectContaining({ photos: [expect.objectContaining({ imageId: uuid(999) })] }));
    // Named by its uploaded id now, still shown from the device's copy (offline that id is only the queue's).
    expect(within(point).queryByText(EDIT_TEXT.notUploaded)).toBeNull();
    expect(within(point).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('blob:preview');
  });
});
