import { coarsePointer } from '../../../theme';

/** Radios and checkboxes at 44 × 44 px on touch screens (WCAG 2.5.5); the theme covers buttons and checkboxes. */
export const touchRadio = { [coarsePointer]: { minWidth: 44, minHeight: 44 } } as const;
