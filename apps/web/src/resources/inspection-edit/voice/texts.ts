/** Texts of the voice comment recorder (issue 23). */
export const VOICE_TEXT = {
  record: 'Record voice comment',
  recordAgain: 'Record again',
  stop: 'Stop recording',
  remove: 'Delete voice comment',
  recording: (clock: string) => `Recording… ${clock}`,
  starting: 'Starting the microphone…',
  refused: 'Microphone access was refused. Allow the microphone for this site in the browser settings to record.',
  noMicrophone: 'No microphone was found on this device.',
  micBusy: 'The microphone is in use by another app. Close it and try again.',
  cannotRecord: 'This browser cannot record voice comments.',
  nothingRecorded: 'Nothing was recorded. Please try again.',
} as const;
