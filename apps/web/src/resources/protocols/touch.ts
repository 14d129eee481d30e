import { coarsePointer } from '../../theme';

/** Chips and sort labels are 44 px tall on touch screens like the theme's buttons (WCAG 2.5.5). */
export const touchChipSx = { [coarsePointer]: { minHeight: 44, '& .MuiChip-deleteIcon': { fontSize: 28 } } };
export const touchSortSx = { [coarsePointer]: { minHeight: 44 } };
