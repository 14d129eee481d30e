import { QUEUE_TEXT } from './texts';

/** A refused write: the server's status and message. */
export class RefusedError extends Error {
  readonly shownAsIs = true;
  constructor(message: string, readonly status: number | null) {
    super(message);
    this.name = 'RefusedError';
  }
}

/** A write kept on the device whose answer only the server can give, while the network is away. */
export class KeptForLaterError extends Error {
  readonly shownAsIs = true;
  constructor() {
    super(QUEUE_TEXT.keptForLater);
    this.name = 'KeptForLaterError';
  }
}
